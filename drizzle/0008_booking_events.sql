-- CONTRACT.md §13, GET /events: every change of a booking says so on the 'booking_changed' channel,
-- whoever makes it (this instance, another one, the bot, psql). Payload: JSON with business_id, id,
-- status and change (created | updated | deleted); each instance LISTENs and passes it to the open
-- streams of that business only (src/modules/bookings/events.ts). An UPDATE that changes nothing is silent.
CREATE FUNCTION notify_booking_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('booking_changed',
      json_build_object('business_id', OLD.business_id, 'id', OLD.id, 'status', OLD.status, 'change', 'deleted')::text);
  ELSE
    PERFORM pg_notify('booking_changed',
      json_build_object('business_id', NEW.business_id, 'id', NEW.id, 'status', NEW.status,
        'change', CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_changed AFTER INSERT OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION notify_booking_changed();
--> statement-breakpoint
CREATE TRIGGER bookings_updated AFTER UPDATE ON bookings
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notify_booking_changed();
