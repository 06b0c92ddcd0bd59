import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Naive wall-clock date-time (see src/core/wallclock.ts), never converted by a JS Date. */
const naive = (name: string) => timestamp(name, { mode: 'string' });
const createdAt = () =>
  naive('created_at')
    .notNull()
    .default(sql`LOCALTIMESTAMP(0)`);

export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull().default(''),
    messengerChatId: text('messenger_chat_id'),
    strictSlots: boolean('strict_slots').notNull().default(false),
    /** CONTRACT.md §16: linked masters may confirm, reject and propose times for their own bookings. */
    mastersCanDecide: boolean('masters_can_decide').notNull().default(false),
    /** The owner saved or confirmed working hours (PUT /schedule/{id}); the registration's default week is not that (migration 0016). */
    hoursSaved: boolean('hours_saved').notNull().default(false),
    /** Secret part of the provider deep link (CONTRACT.md §11); null until the panel first asks for the link. */
    telegramLinkCode: text('telegram_link_code'),
    description: text('description'),
    instagram: text('instagram'),
    whatsapp: text('whatsapp'),
    /** CONTRACT.md §17: a public booking starts at least this many minutes after now (0: no limit). */
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(0),
    /** CONTRACT.md §17: a public booking is at most this many days ahead of today (null: no limit). */
    bookingHorizonDays: integer('booking_horizon_days'),
    /** Sites that may frame the booking page (CONTRACT.md §18): https origins, at most 10. */
    embedOrigins: text('embed_origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  // The super admin's contains-search (migration 0022).
  (t) => [
    index('businesses_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('businesses_slug_trgm_idx').using('gin', t.slug.op('gin_trgm_ops')),
  ],
);

/** Former slugs of a business: they keep answering for it and nobody else may take them (CONTRACT.md §11). */
export const businessSlugAliases = pgTable(
  'business_slug_aliases',
  {
    slug: text('slug').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Order of becoming former: only the 3 most recent are kept. */
    seq: serial('seq').notNull(),
  },
  (t) => [index('business_slug_aliases_business_id_idx').on(t.businessId)],
);

export const userRoles = ['ADMIN', 'CUSTOMER'] as const;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: userRoles }).notNull(),
    businessId: integer('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    messengerId: text('messenger_id'),
    /** Tokens carry it as a claim; raising it ends every token issued before (password change, reset, unlink). */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Telegram sessions (POST /auth/messenger) carry it too; raising it ends them alone (rotate, a new Telegram id). */
    telegramTokenVersion: integer('telegram_token_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_messenger_id_key').on(t.messengerId),
    index('users_business_id_idx').on(t.businessId),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

/** Single-use password reset links sent to the business's linked chat; only a hash of the token is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: naive('expires_at').notNull(),
    usedAt: naive('used_at'),
    /** The admin's token_version and telegram_token_version when the link was sent (identity/credential-generations.ts). */
    accountGeneration: integer('account_generation').notNull().default(0),
    telegramGeneration: integer('telegram_generation').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

export const serviceCategories = pgTable(
  'service_categories',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('service_categories_business_id_idx').on(t.businessId)],
);

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    duration: integer('duration').notNull(),
    price: doublePrecision('price').notNull().default(0),
    categoryId: integer('category_id').references(() => serviceCategories.id, { onDelete: 'set null' }),
    archived: boolean('archived').notNull().default(false),
    /** CONTRACT.md §17: minutes a booking of this service keeps its master free after its end. */
    bufferAfter: integer('buffer_after').notNull().default(0),
  },
  (t) => [
    index('services_business_id_idx').on(t.businessId),
    // Every foreign key has an index on its columns (migration 0019): deleting the referenced row finds these rows without a scan.
    index('services_category_id_idx').on(t.categoryId),
  ],
);

export const masters = pgTable(
  'masters',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    archived: boolean('archived').notNull().default(false),
    /** Secret of the master's calendar feed /ics/{token}.ics (CONTRACT.md §14); null until first asked for. */
    calendarToken: text('calendar_token'),
    /** Secret part of the master's link `/start master_{id}_{code}` (CONTRACT.md §16); null until first asked for. */
    telegramLinkCode: text('telegram_link_code'),
    /** The master's linked chat (their notices) and the Telegram user who linked it (their mini-app login). */
    telegramChatId: text('telegram_chat_id'),
    telegramUserId: text('telegram_user_id'),
    /** Master tokens carry it; unlink, rotate and delete raise it, ending them all (CONTRACT.md §16). */
    tokenVersion: integer('token_version').notNull().default(0),
  },
  (t) => [
    index('masters_business_id_idx').on(t.businessId),
    uniqueIndex('masters_calendar_token_key').on(t.calendarToken),
    uniqueIndex('masters_telegram_user_id_key').on(t.telegramUserId),
  ],
);

/** The bot's single-use /panel links of a master (CONTRACT.md §16); only a hash of the token is kept. */
export const masterPanelLinks = pgTable(
  'master_panel_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    masterId: integer('master_id')
      .notNull()
      .references(() => masters.id, { onDelete: 'cascade' }),
    expiresAt: naive('expires_at').notNull(),
    /** The master's token_version when the link was sent (identity/credential-generations.ts). */
    masterGeneration: integer('master_generation').notNull().default(0),
  },
  (t) => [index('master_panel_links_master_id_idx').on(t.masterId)],
);

export const masterServices = pgTable(
  'master_services',
  {
    masterId: integer('master_id')
      .notNull()
      .references(() => masters.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    /** CONTRACT.md §17: the master's own price and duration for the service; null takes the service's. */
    price: doublePrecision('price'),
    duration: integer('duration'),
  },
  (t) => [primaryKey({ columns: [t.masterId, t.serviceId] }), index('master_services_service_id_idx').on(t.serviceId)],
);

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    firstName: text('first_name').notNull(),
    notes: text('notes'),
  },
  (t) => [
    uniqueIndex('clients_business_phone_key').on(t.businessId, t.phone),
    // The export pages a business's clients by name (data-io/export.queries.ts clientPage): no sort of them all per page.
    index('clients_business_name_idx').on(t.businessId, t.firstName, t.id),
  ],
);

export const bookingStatuses = ['pending', 'confirmed', 'completed', 'cancelled', 'rejected'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    masterId: integer('master_id')
      .notNull()
      .references(() => masters.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    status: text('status', { enum: bookingStatuses }).notNull().default('pending'),
    startAt: naive('start_at').notNull(),
    endAt: naive('end_at').notNull(),
    priceSnapshot: doublePrecision('price_snapshot').notNull(),
    notes: text('notes'),
    /** The Telegram user who booked from the mini app (CONTRACT.md §18, GET /public/{slug}/my-bookings); null elsewhere. */
    telegramUserId: text('telegram_user_id'),
    /** CONTRACT.md §20: the visit this booking is an item of (its bookings share it); null for a single booking. */
    visitId: uuid('visit_id'),
    /** Written by the app from its clock (CONTRACT.md §14), like updated_at: the default is for rows written by hand. */
    createdAt: createdAt(),
    /** Moves with every change of the booking: status, move, accepted reschedule (migration 0006). */
    updatedAt: naive('updated_at')
      .notNull()
      .default(sql`LOCALTIMESTAMP(0)`),
  },
  (t) => [
    index('bookings_master_start_idx').on(t.masterId, t.startAt),
    // GET /bookings?updated_since= (CONTRACT.md §14): the sync order within a business.
    index('bookings_business_updated_idx').on(t.businessId, t.updatedAt, t.id),
    // GET /bookings's order (migration 0005): deep pages skip index entries, not joined rows.
    index('bookings_business_list_idx').on(t.businessId, t.startAt, t.createdAt, t.id),
    index('bookings_client_id_idx').on(t.clientId),
    index('bookings_business_telegram_user_idx')
      .on(t.businessId, t.telegramUserId)
      .where(sql`${t.telegramUserId} IS NOT NULL`),
    // Migration 0019: the super admin's list across businesses reads its page in index order, not by sorting every booking; and the service foreign key's own index.
    index('bookings_start_list_idx').on(t.startAt, t.createdAt, t.id),
    index('bookings_service_id_idx').on(t.serviceId),
    index('bookings_visit_idx')
      .on(t.visitId)
      .where(sql`${t.visitId} IS NOT NULL`),
  ],
);

export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    masterId: integer('master_id').references(() => masters.id, { onDelete: 'cascade' }),
    dayOfWeek: integer('day_of_week').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    breakStartTime: text('break_start_time'),
    breakEndTime: text('break_end_time'),
    isActive: boolean('is_active').notNull(),
  },
  (t) => [
    // Exactly one row per owner and weekday (a NULL master is the business row).
    uniqueIndex('schedules_owner_day_key').on(t.businessId, sql`coalesce(${t.masterId}, 0)`, t.dayOfWeek),
    // Every foreign key has an index on its columns (migration 0019): deleting the referenced row finds these rows without a scan.
    index('schedules_master_id_idx').on(t.masterId),
  ],
);

/** CONTRACT.md §21: days or hours closed on dates, for the business (master_id null) or one master. */
export const timeOff = pgTable(
  'time_off',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    masterId: integer('master_id').references(() => masters.id, { onDelete: 'cascade' }),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    /** Both null: whole days; both set: those hours of each day. */
    startTime: text('start_time'),
    endTime: text('end_time'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_off_business_dates_idx').on(t.businessId, t.dateTo, t.dateFrom),
    index('time_off_master_idx').on(t.masterId),
    check('time_off_dates_ordered', sql`${t.dateFrom} <= ${t.dateTo}`),
    check('time_off_hours_paired', sql`(${t.startTime} IS NULL) = (${t.endTime} IS NULL)`),
  ],
);

export const proposalStatuses = ['PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];
export const proposalSources = ['PROVIDER_WEB', 'PROVIDER_BOT'] as const;

export const rescheduleProposals = pgTable(
  'reschedule_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    oldDate: date('old_date', { mode: 'string' }).notNull(),
    oldTime: text('old_time').notNull(),
    proposedDate: date('proposed_date', { mode: 'string' }).notNull(),
    proposedTime: text('proposed_time').notNull(),
    proposedBy: text('proposed_by', { enum: proposalSources }).notNull(),
    status: text('status', { enum: proposalStatuses }).notNull().default('PENDING'),
    expiresAt: naive('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('reschedule_proposals_booking_id_idx').on(t.bookingId),
    // At most one PENDING proposal per booking, enforced by the database.
    uniqueIndex('reschedule_proposals_one_pending_key')
      .on(t.bookingId)
      .where(sql`status = 'PENDING'`),
  ],
);

export const subscriptionContexts = ['PROVIDER_BUSINESS', 'CLIENT_PHONE', 'CLIENT_BOOKING'] as const;
export type SubscriptionContext = (typeof subscriptionContexts)[number];
export const subscriptionOrigins = ['contact', 'link'] as const;
export type SubscriptionOrigin = (typeof subscriptionOrigins)[number];

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    contextType: text('context_type', { enum: subscriptionContexts }).notNull(),
    contextRef: text('context_ref').notNull(),
    messengerChatId: text('messenger_chat_id').notNull(),
    channel: text('channel', { enum: ['TELEGRAM', 'WHATSAPP', 'SMS'] })
      .notNull()
      .default('TELEGRAM'),
    isActive: boolean('is_active').notNull().default(true),
    /** Where it came from: 'contact' (Telegram vouched for the sender's own number; the only way to CLIENT_PHONE), 'link'. */
    origin: text('origin', { enum: subscriptionOrigins }),
    createdAt: createdAt(),
  },
  (t) => [
    check('subscriptions_phone_vouched', sql`${t.contextType} <> 'CLIENT_PHONE' OR ${t.origin} = 'contact'`),
    uniqueIndex('subscriptions_context_chat_key').on(t.contextType, t.contextRef, t.messengerChatId),
    index('subscriptions_chat_idx').on(t.messengerChatId),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.key] }),
    // Migration 0019: deleting a booking finds its key here, not by a scan.
    index('idempotency_keys_booking_id_idx').on(t.bookingId),
  ],
);

/** CONTRACT.md §14: a business's API keys; only the SHA-256 of a key is kept, revoking deletes the row. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: naive('last_used_at'),
  },
  (t) => [uniqueIndex('api_keys_key_hash_key').on(t.keyHash), index('api_keys_business_id_idx').on(t.businessId)],
);

/** CONTRACT.md §14: what GET /bookings/deleted answers, one row per deleted booking, kept 90 days. */
export const deletedBookings = pgTable(
  'deleted_bookings',
  {
    id: uuid('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    deletedAt: naive('deleted_at').notNull(),
  },
  (t) => [index('deleted_bookings_business_deleted_idx').on(t.businessId, t.deletedAt, t.id)],
);

/**
 * Each business's bookings per status (migration 0019), so the super admin's list reads a few rows per business, not its
 * every booking; kept by the bookings' triggers in the writing transaction; a count is the sum of a business's stripes (one per writing backend, so one
 * salon's concurrent bookings do not queue on one row). No foreign key: see the migration.
 */
export const bookingCounts = pgTable(
  'booking_counts',
  {
    businessId: integer('business_id').notNull(),
    status: text('status', { enum: bookingStatuses }).notNull(),
    stripe: smallint('stripe').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'booking_counts_pkey', columns: [t.businessId, t.status, t.stripe] })],
);

/**
 * The platform's bookings per day of start_at and status (migration 0021), so the super admin's dated list sums a few rows per
 * day instead of counting the range's bookings; kept by the same trigger as booking_counts, 16 stripes per day and status.
 */
export const bookingDayCounts = pgTable(
  'booking_day_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: bookingStatuses }).notNull(),
    stripe: smallint('stripe').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'booking_day_counts_pkey', columns: [t.day, t.status, t.stripe] })],
);

/**
 * The platform's bookings per status (migration 0023): X-Total-Count of the super admin's list with no
 * filter sums at most 5 x 32 rows instead of every business's booking_counts; kept by the same trigger.
 */
export const bookingStatusTotals = pgTable(
  'booking_status_totals',
  {
    status: text('status', { enum: bookingStatuses }).notNull(),
    stripe: smallint('stripe').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'booking_status_totals_pkey', columns: [t.status, t.stripe] })],
);
