-- Issue 22: a public booking's lookup (business, service, master and the provider's chats) is kept in
-- the per-business cache beside slots and the page (bookings/lookup-cache.ts). Two notices change so
-- that each cache forgets only what a write changes:
-- 1. A booking changes free times only: the bookings trigger says 'slots:<business id>' (only the
--    slots cache forgets; the page and the lookups stay through a stream of bookings). An older
--    instance reads it as "forget everything", which is safe.
-- 2. The provider's chats come from subscriptions: a change of a PROVIDER_BUSINESS subscription says
--    'catalog:<business id>' like a category does (drizzle/0009): the page and lookup caches forget.
CREATE FUNCTION notify_slots_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('availability_changed', 'slots:' || OLD.business_id);
  ELSE
    IF TG_OP = 'UPDATE' AND OLD.business_id <> NEW.business_id THEN
      PERFORM pg_notify('availability_changed', 'slots:' || OLD.business_id);
    END IF;
    PERFORM pg_notify('availability_changed', 'slots:' || NEW.business_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER bookings_availability_changed ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_availability_changed AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW WHEN (current_setting('app.notify_after_commit', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION notify_slots_changed();
--> statement-breakpoint
CREATE FUNCTION notify_provider_chats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.context_type = 'PROVIDER_BUSINESS' THEN
    PERFORM pg_notify('availability_changed', 'catalog:' || OLD.context_ref);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.context_type = 'PROVIDER_BUSINESS' THEN
    PERFORM pg_notify('availability_changed', 'catalog:' || NEW.context_ref);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_provider_chats_changed AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION notify_provider_chats_changed();
