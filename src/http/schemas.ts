/** Response and input shapes shared by several modules (CONTRACT.md §3-§5). */
import { STATUS_CODES } from 'node:http';
import { WALL_CLOCK_FORMATS, wallClockSchema } from '../core/wall-clock-input.js';
import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { bookingStatuses, proposalSources, proposalStatuses, userRoles } from '../db/schema.js';
import { ERROR_CODES, type ErrorCode } from '../core/errors.js';

/**
 * Null first: where ajv coerces (query strings, params; bodies no longer, src/http/validation.ts),
 * a value branch tried first turned a null into "" (a cleared note came back as "", not null).
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

export const ErrorBody = Type.Object(
  {
    detail: Type.String(),
    /** What a client branches on; `detail` is the text to show. */
    code: Type.Unsafe<ErrorCode>({ type: 'string', enum: [...ERROR_CODES] }),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
    free_times: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'slot_taken of POST /public/{slug}/booking with if_free (CONTRACT.md §19): up to 6 free start times (HH:MM) of that day, ' +
          'the nearest to the one asked, in time order; possibly empty',
      }),
    ),
    price: Type.Optional(
      Type.Number({ description: 'price_changed (CONTRACT.md §19): the price the booking would cost, above the max_price sent' }),
    ),
  },
  { $id: 'Error' },
);

/**
 * A reference to a shared schema (`sharedSchemas`, added with app.addSchema): one named component
 * in the OpenAPI document instead of a copy per use; TypeScript still sees its static type.
 */
function ref<T extends TSchema>(schema: T, options: { description?: string } = {}): TUnsafe<Static<T>> {
  if (!schema.$id) throw new Error('Only a schema with an $id can be referenced');
  return Type.Unsafe<Static<T>>({ $ref: schema.$id, ...options });
}

/** A closed set of strings as one named component, built from the list the database declares. */
const StringEnum = <T extends string>($id: string, values: readonly T[], description: string) =>
  Type.Unsafe<T>({ $id, type: 'string', enum: [...values], description });

const BookingStatusEnum = StringEnum('BookingStatus', bookingStatuses, 'Status of a booking');
const UserRoleEnum = StringEnum('UserRole', userRoles, 'Role of a user account');
const ProposalStatusEnum = StringEnum('ProposalStatus', proposalStatuses, 'Status of a reschedule proposal');
const ProposalSourceEnum = StringEnum('ProposalSource', proposalSources, 'Where a reschedule proposal was made');

/** Added to the app once (app.addSchema) before any route refers to them. */
export const sharedSchemas: TSchema[] = [ErrorBody, BookingStatusEnum, UserRoleEnum, ProposalStatusEnum, ProposalSourceEnum];

export const BookingStatusSchema = ref(BookingStatusEnum);

/** A name-like string: at least one non-space character (it is stored trimmed). */
export const NonBlank = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/** The public pages' business address, `/public/{slug}/...`. */
export const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) });

export const IdParam = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

/**
 * Dates and times a caller sends (CONTRACT.md §2): Ajv formats registered in src/http/validation.ts
 * check that the date exists and the time is in range, and refuse with one message each.
 */
export const DateString = Type.String({ ...wallClockSchema('wall-date'), description: 'YYYY-MM-DD, an existing date' });
export const TimeString = Type.String({ ...wallClockSchema('wall-time'), description: 'HH:MM' });
export const DateTimeString = Type.String({ description: 'naive YYYY-MM-DDTHH:MM:SS in APP_TIMEZONE' });
/** The shape of a date-time the API answers with. */
const NAIVE_DATE_TIME = { pattern: WALL_CLOCK_FORMATS['wall-date-time'].pattern };
/** A naive date-time a caller sends, e.g. GET /bookings?updated_since=. */
export const DateTimeQuery = Type.String({
  ...wallClockSchema('wall-date-time'),
  description: 'naive YYYY-MM-DDTHH:MM:SS in APP_TIMEZONE',
});

/** The optional public profile of a business (null when not set). */
const ProfileBody = {
  description: Nullable(Type.String()),
  instagram: Nullable(Type.String({ description: 'Account name without @' })),
  whatsapp: Nullable(Type.String({ description: 'Phone as +7 701 234 56 78' })),
};

export const BusinessBody = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  messenger_chat_id: Nullable(Type.String()),
  strict_slots: Type.Boolean(),
  masters_can_decide: Type.Boolean({ description: 'Linked masters may decide on their own bookings (CONTRACT.md §16)' }),
  /** The owner saved or confirmed working hours at least once (the default week of a registration is not that). */
  hours_saved: Type.Boolean(),
  ...ProfileBody,
  /** CONTRACT.md §17. */
  min_notice_minutes: Type.Integer({ description: 'A public booking starts at least this many minutes after now; 0: no limit' }),
  booking_horizon_days: Nullable(Type.Integer({ description: 'A public booking is at most this many days ahead; null: no limit' })),
  /** CONTRACT.md §18: the sites that may frame the booking page. */
  embed_origins: Type.Array(Type.String()),
});
export type BusinessBody = Static<typeof BusinessBody>;

export const PublicBusinessBody = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  ...ProfileBody,
});

export const UserBody = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  full_name: Type.String(),
  role: ref(UserRoleEnum),
  business_id: Nullable(Type.Integer()),
});

/** GET /auth/me for a master's token (CONTRACT.md §16). */
export const MasterUserBody = Type.Object({
  role: Type.Literal('MASTER'),
  master_id: Type.Integer(),
  full_name: Type.String(),
});

export const CategoryBody = Type.Object({ id: Type.Integer(), name: Type.String() });

const serviceFields = {
  id: Type.Integer(),
  name: Type.String(),
  duration: Type.Integer(),
  price: Type.Number(),
  buffer_after: Type.Integer({ description: 'Minutes kept free after a booking of this service (CONTRACT.md §17)' }),
  category: Nullable(CategoryBody),
};

export const ServiceBody = Type.Object(serviceFields);
export type ServiceBody = Static<typeof ServiceBody>;

/** CONTRACT.md §17: a public service with the range of its masters' own prices and durations. */
export const PublicServiceBody = Type.Object({
  ...serviceFields,
  price_min: Type.Number(),
  price_max: Type.Number(),
  duration_min: Type.Integer(),
  duration_max: Type.Integer(),
});

/** CONTRACT.md §17: a master's service, with that master's effective price and duration and the service's own. */
export const MasterServiceBody = Type.Object({
  ...serviceFields,
  price: Type.Number({ description: "This master's price: their own, else the service's" }),
  duration: Type.Integer({ description: "This master's duration: their own, else the service's" }),
  base_price: Type.Number(),
  base_duration: Type.Integer(),
});

export const MasterBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  services: Type.Array(MasterServiceBody),
  has_schedule: Type.Boolean(),
  telegram_linked: Type.Boolean({ description: "A Telegram chat gets this master's notices (CONTRACT.md §16)" }),
});

export const PublicMasterBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  services: Type.Array(MasterServiceBody),
});

export const BookingBody = Type.Object({
  id: Type.String(),
  status: BookingStatusSchema,
  start_at: DateTimeString,
  end_at: DateTimeString,
  price_snapshot: Type.Number(),
  notes: Nullable(Type.String()),
  visit_id: Nullable(Type.String({ description: 'CONTRACT.md §20: the visit this booking is an item of; null for a single booking' })),
  service: Type.Object({ id: Type.Integer(), name: Type.String(), duration: Type.Integer(), price: Type.Number() }),
  master: Type.Object({ id: Type.Integer(), name: Type.String() }),
  client: Type.Object({ id: Type.Integer(), phone: Type.String(), first_name: Type.String() }),
  created_at: Type.String({ ...NAIVE_DATE_TIME, description: 'when the booking was made (naive, APP_TIMEZONE)' }),
  updated_at: Type.String({
    ...NAIVE_DATE_TIME,
    description: 'when it last changed (status, move, accepted reschedule); GET /bookings?updated_since= reads it',
  }),
});
export type BookingBody = Static<typeof BookingBody>;

export const ScheduleRowBody = Type.Object({
  id: Type.Integer(),
  business_id: Type.Integer(),
  master_id: Nullable(Type.Integer()),
  day_of_week: Type.Integer(),
  start_time: Type.String(),
  end_time: Type.String(),
  break_start_time: Nullable(Type.String()),
  break_end_time: Nullable(Type.String()),
  is_active: Type.Boolean(),
});

export const ProposalBody = Type.Object({
  id: Type.String(),
  booking_id: Type.String(),
  old_date: Type.String(),
  old_time: Type.String(),
  proposed_date: Type.String(),
  proposed_time: Type.String(),
  proposed_by: ref(ProposalSourceEnum),
  status: ref(ProposalStatusEnum),
  expires_at: DateTimeString,
  created_at: DateTimeString,
});

/** Error responses of a route, each the shared Error schema, described by its HTTP reason phrase. */
export const errorResponses = (...codes: number[]): Record<number, TUnsafe<Static<typeof ErrorBody>>> =>
  Object.fromEntries(codes.map((code) => [code, ref(ErrorBody, { description: STATUS_CODES[code] ?? 'Error' })]));

/** The headers of an answer kept precompressed (http/precompressed.ts): revalidate with If-None-Match. */
export const cacheHeaders = {
  etag: {
    type: 'string',
    description: 'Strong validator of this representation; send it back in If-None-Match to get 304 while nothing changed',
  },
};
export const notModifiedResponse = Type.Null({
  description: 'Not Modified: the ETag in If-None-Match is still current',
  headers: cacheHeaders,
});

/** CONTRACT.md §12 paging, shared by GET /bookings and GET /clients; the total goes in X-Total-Count. */
/** CONTRACT.md §15: a list answers at most this many items, also when no limit is asked. */
export const MAX_PAGE = 1000;

export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, description: `at most ${MAX_PAGE}, also when not given` })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
};
export const TOTAL_HEADER = 'x-total-count';

/**
 * One page of a list and the X-Total-Count to send with it: the page's own length when it is all there is
 * (a first page shorter than the limit), else what `count` says.
 */
export async function pageTotal(rows: number, page: { limit: number; offset?: number }, count: () => Promise<number>): Promise<number> {
  return !page.offset && rows < page.limit ? rows : count();
}
