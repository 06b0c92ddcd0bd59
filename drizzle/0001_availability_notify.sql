-- Issue 7: every write that can change a business's free times says so on the
-- 'availability_changed' channel (payload: the business id), whoever makes it:
-- this instance, another one, a migration or psql. Each instance LISTENs and
-- drops its cached slots answers for that business (src/modules/availability/cache.ts).
-- PostgreSQL folds identical notifications of one transaction into one.
CREATE FUNCTION notify_availability_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('availability_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('availability_changed', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER businesses_availability_changed AFTER INSERT OR UPDATE OR DELETE ON businesses
  FOR EACH ROW EXECUTE FUNCTION notify_availability_changed('id');
--> statement-breakpoint
CREATE TRIGGER masters_availability_changed AFTER INSERT OR UPDATE OR DELETE ON masters
  FOR EACH ROW EXECUTE FUNCTION notify_availability_changed('business_id');
--> statement-breakpoint
CREATE TRIGGER schedules_availability_changed AFTER INSERT OR UPDATE OR DELETE ON schedules
  FOR EACH ROW EXECUTE FUNCTION notify_availability_changed('business_id');
--> statement-breakpoint
CREATE TRIGGER bookings_availability_changed AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION notify_availability_changed('business_id');
