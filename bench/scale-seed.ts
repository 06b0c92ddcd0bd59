/**
 * A platform filled in set-based SQL (issue #53): businesses with their admin, services, masters,
 * schedules, clients and two years of bookings, each table in one INSERT ... SELECT over
 * generate_series. The statements take only numbers, so a test (drizzle) and the bench (pg) run the
 * same text. Seeded businesses have slugs `<prefix>-<n>`; nothing here touches any other business.
 */
export interface PlatformSize {
  businesses: number;
  mastersPer: number;
  clientsPer: number;
  bookingsPer: number;
}

/** The probe's platform (10 001 businesses, 50 010 masters, 2 000 200 clients, 5 000 200 bookings) and a tenth of it. */
export const PLATFORM_SIZES = {
  full: { businesses: 10_000, mastersPer: 5, clientsPer: 200, bookingsPer: 500 },
  ci: { businesses: 1_000, mastersPer: 5, clientsPer: 200, bookingsPer: 500 },
} satisfies Record<string, PlatformSize>;

const SERVICES_PER = 3;
const int = (n: number): string => String(Math.trunc(n));

/** The statements, in order; run them in one session (they share a temporary table). */
export function platformSeedStatements(size: PlatformSize, prefix = 'scale'): string[] {
  if (!/^[a-z]+$/.test(prefix)) throw new Error(`a slug prefix of letters: ${prefix}`);
  const { businesses, mastersPer, clientsPer, bookingsPer } = size;
  return [
    // Rows consistent by construction: no foreign-key checks or notices per row (a superuser's setting;
    // the bookings' triggers alone would queue five million notices for the commit).
    `SET session_replication_role = replica`,
    `SET statement_timeout = 0`,
    `INSERT INTO businesses (slug, name, phone, address, hours_saved)
       SELECT '${prefix}-' || g, 'Салон ' || g, '+7701' || lpad(g::text, 7, '0'), 'Алматы, ул. Абая ' || g, true
       FROM generate_series(1, ${int(businesses)}) g ON CONFLICT (slug) DO NOTHING`,
    `CREATE TEMP TABLE scale_biz ON COMMIT PRESERVE ROWS AS
       SELECT id, substring(slug from ${prefix.length + 2})::int AS n FROM businesses WHERE slug ~ '^${prefix}-[0-9]+$'
         AND NOT EXISTS (SELECT 1 FROM services s WHERE s.business_id = businesses.id)`,
    `INSERT INTO users (email, password_hash, full_name, role, business_id)
       SELECT '${prefix}-' || n || '@example.kz', 'not-a-hash', 'Владелец ' || n, 'ADMIN', id FROM scale_biz`,
    `INSERT INTO services (business_id, name, duration, price)
       SELECT b.id, 'Услуга ' || g, 30 + 15 * g, 3000 + 1000 * g FROM scale_biz b, generate_series(1, ${SERVICES_PER}) g`,
    `INSERT INTO masters (business_id, name) SELECT b.id, 'Мастер ' || g FROM scale_biz b, generate_series(1, ${int(mastersPer)}) g`,
    `INSERT INTO master_services (master_id, service_id)
       SELECT m.id, s.id FROM masters m JOIN scale_biz b ON b.id = m.business_id JOIN services s ON s.business_id = b.id`,
    `INSERT INTO schedules (business_id, master_id, day_of_week, start_time, end_time, is_active)
       SELECT b.id, NULL, d, '09:00', '20:00', d < 6 FROM scale_biz b, generate_series(0, 6) d`,
    `INSERT INTO clients (business_id, phone, first_name)
       SELECT b.id, '+7702' || lpad((b.n % 1000)::text, 3, '0') || lpad(g::text, 4, '0'), 'Клиент ' || g
       FROM scale_biz b, generate_series(1, ${int(clientsPer)}) g`,
    `CREATE TEMP TABLE scale_ids ON COMMIT PRESERVE ROWS AS
       SELECT b.id,
         (SELECT min(id) FROM services WHERE business_id = b.id) AS service0,
         (SELECT min(id) FROM masters WHERE business_id = b.id) AS master0,
         (SELECT min(id) FROM clients WHERE business_id = b.id) AS client0
       FROM scale_biz b`,
    // Bookings' secondary indexes are built once after the rows, sorted, instead of row by row.
    `CREATE TEMP TABLE scale_indexes ON COMMIT PRESERVE ROWS AS
       SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'bookings' AND indexname <> 'bookings_pkey'`,
    `DO $$ DECLARE r record; BEGIN
       FOR r IN SELECT indexname FROM scale_indexes LOOP EXECUTE format('DROP INDEX %I', r.indexname); END LOOP;
     END $$`,
    // Two years around 2026-11-23, a booking's master, client and hour spread so a day looks like a salon's.
    `INSERT INTO bookings (business_id, service_id, master_id, client_id, status, start_at, end_at, price_snapshot, created_at, updated_at)
       SELECT i.id, i.service0 + g % ${SERVICES_PER}, i.master0 + g % ${int(mastersPer)}, i.client0 + (g * 7) % ${int(clientsPer)},
         (ARRAY['completed', 'confirmed', 'cancelled', 'pending', 'completed', 'rejected', 'completed'])[1 + g % 7],
         t.start_at, t.start_at + INTERVAL '1 hour', 5000, t.start_at - INTERVAL '3 days', t.start_at - INTERVAL '1 day'
       FROM scale_ids i, generate_series(0, ${int(bookingsPer - 1)}) g,
         LATERAL (SELECT TIMESTAMP '2025-11-23 09:00' + ((g * 730) / ${int(bookingsPer)}) * INTERVAL '1 day'
                         + ((g + i.id) % 10) * INTERVAL '1 hour' AS start_at) t`,
    `SET maintenance_work_mem = '256MB'`,
    `DO $$ DECLARE r record; BEGIN FOR r IN SELECT indexdef FROM scale_indexes LOOP EXECUTE r.indexdef; END LOOP; END $$`,
    `RESET maintenance_work_mem`,
    `DROP TABLE scale_indexes`,
    // The triggers that keep booking_counts, booking_day_counts and booking_status_totals were off (replica): count the seeded bookings once.
    `INSERT INTO booking_counts (business_id, status, stripe, n)
       SELECT business_id, status, 0, count(*)::int FROM bookings WHERE business_id IN (SELECT id FROM scale_ids) GROUP BY 1, 2
       ON CONFLICT (business_id, status, stripe) DO UPDATE SET n = booking_counts.n + excluded.n`,
    `INSERT INTO booking_day_counts (day, status, stripe, n)
       SELECT start_at::date, status, 0, count(*)::int FROM bookings WHERE business_id IN (SELECT id FROM scale_ids) GROUP BY 1, 2
       ON CONFLICT (day, status, stripe) DO UPDATE SET n = booking_day_counts.n + excluded.n`,
    `INSERT INTO booking_status_totals (status, stripe, n)
       SELECT status, 0, count(*) FROM bookings WHERE business_id IN (SELECT id FROM scale_ids) GROUP BY 1
       ON CONFLICT (status, stripe) DO UPDATE SET n = booking_status_totals.n + excluded.n`,
    `DROP TABLE scale_ids`,
    `DROP TABLE scale_biz`,
    `RESET session_replication_role`,
    `RESET statement_timeout`,
    // What autovacuum would have done by then: statistics, and the visibility map index-only scans read.
    `VACUUM ANALYZE`,
  ];
}
