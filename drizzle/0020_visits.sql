-- CONTRACT.md §20 (a visit of several services): a visit is its bookings linked by one uuid, no table of
-- its own (docs/decisions/0077-visits.md): null for a single booking. The partial index finds a visit's
-- bookings without weighing on the single bookings.
ALTER TABLE "bookings" ADD COLUMN "visit_id" uuid;
--> statement-breakpoint
CREATE INDEX "bookings_visit_idx" ON "bookings" USING btree ("visit_id") WHERE "bookings"."visit_id" IS NOT NULL;
--> statement-breakpoint
-- GET /events carries visit_id (CONTRACT.md §20): drizzle/0008's notice with the row's visit_id.
CREATE OR REPLACE FUNCTION notify_booking_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('booking_changed',
      json_build_object('business_id', OLD.business_id, 'id', OLD.id, 'status', OLD.status, 'change', 'deleted',
        'visit_id', OLD.visit_id)::text);
  ELSE
    PERFORM pg_notify('booking_changed',
      json_build_object('business_id', NEW.business_id, 'id', NEW.id, 'status', NEW.status,
        'change', CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END, 'visit_id', NEW.visit_id)::text);
  END IF;
  RETURN NULL;
END $$;
