-- Issue #53: a platform of 10 000 salons and 5 million bookings.
-- 1. Every foreign key gets an index on its referencing columns: deleting a booking checked
--    idempotency_keys.booking_id by scanning the table (22.6 of 26.5 ms per delete at that size), and
--    deleting a business's services, masters or categories scanned bookings and schedules once per row.
CREATE INDEX IF NOT EXISTS "idempotency_keys_booking_id_idx" ON "idempotency_keys" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_service_id_idx" ON "bookings" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "schedules_master_id_idx" ON "schedules" USING btree ("master_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "services_category_id_idx" ON "services" USING btree ("category_id");--> statement-breakpoint
-- 2. GET /superadmin/bookings pages every business's bookings along (start_at, created_at, id): a week
--    is a range of this index and a page its first entries, not a scan of every booking.
CREATE INDEX IF NOT EXISTS "bookings_start_list_idx" ON "bookings" USING btree ("start_at","created_at","id");
--> statement-breakpoint
-- 3. Each business's bookings per status, kept by the writes that change them in their own transaction:
--    GET /superadmin/businesses reads a few rows per listed business instead of its every booking.
--    A business's count is the sum of its stripes: a transaction adds to the stripe of its own backend,
--    so concurrent bookings of one salon do not queue on one row until each other's commit.
--    No foreign key: a booking deleted by a business's cascade still counts itself down; deleting the
--    business deletes its rows (src/modules/superadmin/queries.ts). A restore loads the rows as backed
--    up (app.restoring), not counted again.
CREATE TABLE "booking_counts" (
  "business_id" integer NOT NULL,
  "status" text NOT NULL,
  "stripe" smallint NOT NULL,
  "n" integer NOT NULL,
  CONSTRAINT "booking_counts_pkey" PRIMARY KEY ("business_id", "status", "stripe")
);
--> statement-breakpoint
INSERT INTO "booking_counts" ("business_id", "status", "stripe", "n")
  SELECT "business_id", "status", 0, count(*)::int FROM "bookings" GROUP BY "business_id", "status";
--> statement-breakpoint
-- Statement-level with transition tables: one upsert per (business, status) a statement touches. A row
-- trigger upserted the same few rows once per booking, and 40 000 updates of one row in one transaction
-- walk an ever longer version chain (a bulk insert or a business's cascade delete turned quadratic).
CREATE FUNCTION count_bookings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  backend_stripe smallint := pg_backend_pid() % 8;
BEGIN
  IF current_setting('app.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO booking_counts AS c (business_id, status, stripe, n)
      SELECT business_id, status, backend_stripe, count(*) FROM new_rows GROUP BY business_id, status
      ON CONFLICT (business_id, status, stripe) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO booking_counts AS c (business_id, status, stripe, n)
      SELECT business_id, status, backend_stripe, -count(*) FROM old_rows GROUP BY business_id, status
      ON CONFLICT (business_id, status, stripe) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO booking_counts AS c (business_id, status, stripe, n)
      SELECT business_id, status, backend_stripe, sum(n) FROM (
        SELECT o.business_id, o.status, -1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
          WHERE o.status IS DISTINCT FROM w.status OR o.business_id <> w.business_id
        UNION ALL
        SELECT w.business_id, w.status, 1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
          WHERE o.status IS DISTINCT FROM w.status OR o.business_id <> w.business_id
      ) moved GROUP BY business_id, status
      ON CONFLICT (business_id, status, stripe) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_counted AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_bookings_changed();
--> statement-breakpoint
CREATE TRIGGER bookings_uncounted AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_bookings_changed();
--> statement-breakpoint
CREATE TRIGGER bookings_recounted AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_bookings_changed();
--> statement-breakpoint
-- A master deleted (ON DELETE cascade) finds their time off by index (CONTRACT.md §21 time_off.master_id).
CREATE INDEX "time_off_master_idx" ON "time_off" USING btree ("master_id");
--> statement-breakpoint
-- The export pages a business's clients by name (data-io/export.queries.ts clientPage) without sorting them all per page.
CREATE INDEX "clients_business_name_idx" ON "clients" USING btree ("business_id","first_name","id");
