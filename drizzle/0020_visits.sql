-- CONTRACT.md §20 (a visit of several services): a visit is its bookings linked by one uuid, no table of
-- its own (docs/decisions/0077-visits.md): null for a single booking. The partial index finds a visit's
-- bookings without weighing on the single bookings.
ALTER TABLE "bookings" ADD COLUMN "visit_id" uuid;
--> statement-breakpoint
CREATE INDEX "bookings_visit_idx" ON "bookings" USING btree ("visit_id") WHERE "bookings"."visit_id" IS NOT NULL;
