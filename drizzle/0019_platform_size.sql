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
CREATE INDEX IF NOT EXISTS "bookings_start_list_idx" ON "bookings" USING btree ("start_at","created_at","id");--> statement-breakpoint
-- 3. GET /superadmin/businesses counts a listed business's bookings per status from this index alone
--    (an index-only scan of that business's entries), not from the heap.
CREATE INDEX IF NOT EXISTS "bookings_business_status_idx" ON "bookings" USING btree ("business_id","status");
