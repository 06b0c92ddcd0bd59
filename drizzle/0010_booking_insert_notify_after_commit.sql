-- Issue 22: a transaction that NOTIFYs takes PostgreSQL's one notify lock per database at commit and
-- holds it through its WAL flush, so every booking's commit waited for the one before it (pgbench on
-- the public booking's insert: 1 554/s with the triggers, 4 466/s without). The public booking's insert
-- (src/modules/bookings/queries.ts insertPublicBooking) sets app.notify_after_commit for its own
-- transaction, and the service sends the same two notices right after the commit, in a transaction
-- that writes nothing and so waits for no flush. Every other write of a booking, by anyone, still
-- notifies from these triggers.
DROP TRIGGER bookings_availability_changed ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_availability_changed AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW WHEN (current_setting('app.notify_after_commit', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION notify_availability_changed('business_id');
--> statement-breakpoint
DROP TRIGGER bookings_changed ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_changed AFTER INSERT OR DELETE ON bookings
  FOR EACH ROW WHEN (current_setting('app.notify_after_commit', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION notify_booking_changed();
