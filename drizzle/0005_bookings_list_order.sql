-- GET /bookings pages along (start_at, created_at, id) within a business: this index holds that order,
-- so a deep offset skips index entries (CONTRACT.md §15). Its prefix serves what the older index did.
CREATE INDEX IF NOT EXISTS "bookings_business_list_idx" ON "bookings" USING btree ("business_id","start_at","created_at","id");--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_business_start_idx";
