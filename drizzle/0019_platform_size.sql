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
CREATE FUNCTION count_booking_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  backend_stripe smallint := pg_backend_pid() % 8;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO booking_counts AS c (business_id, status, stripe, n) VALUES (OLD.business_id, OLD.status, backend_stripe, -1)
      ON CONFLICT (business_id, status, stripe) DO UPDATE SET n = c.n - 1;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO booking_counts AS c (business_id, status, stripe, n) VALUES (NEW.business_id, NEW.status, backend_stripe, 1)
      ON CONFLICT (business_id, status, stripe) DO UPDATE SET n = c.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_counted AFTER INSERT OR DELETE ON bookings
  FOR EACH ROW WHEN (current_setting('app.restoring', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION count_booking_change();
--> statement-breakpoint
CREATE TRIGGER bookings_recounted AFTER UPDATE OF status, business_id ON bookings
  FOR EACH ROW WHEN ((OLD.status IS DISTINCT FROM NEW.status OR OLD.business_id <> NEW.business_id)
    AND current_setting('app.restoring', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION count_booking_change();
--> statement-breakpoint
-- A master deleted (ON DELETE cascade) finds their time off by index (CONTRACT.md §21 time_off.master_id).
CREATE INDEX "time_off_master_idx" ON "time_off" USING btree ("master_id");
--> statement-breakpoint
-- The export pages a business's clients by name (data-io/export.queries.ts clientPage) without sorting them all per page.
CREATE INDEX "clients_business_name_idx" ON "clients" USING btree ("business_id","first_name","id");
