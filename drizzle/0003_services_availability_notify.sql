-- The date strip (/public/{slug}/days) also reads a service's duration and the
-- masters linked to it: those writes say so on 'availability_changed' too, with
-- the business id, like drizzle/0001_availability_notify.sql.
CREATE TRIGGER services_availability_changed AFTER INSERT OR UPDATE OR DELETE ON services
  FOR EACH ROW EXECUTE FUNCTION notify_availability_changed('business_id');
--> statement-breakpoint
-- A link has no business id of its own: it is its master's (or, once the master is gone, its service's).
-- Gone together with both, the link needs no word: the master's or service's own trigger has said it.
CREATE FUNCTION notify_master_service_changed(link_master_id integer, link_service_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  business integer := coalesce(
    (SELECT business_id FROM masters WHERE id = link_master_id),
    (SELECT business_id FROM services WHERE id = link_service_id)
  );
BEGIN
  IF business IS NOT NULL THEN
    PERFORM pg_notify('availability_changed', business::text);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION notify_master_services_availability_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM notify_master_service_changed(OLD.master_id, OLD.service_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM notify_master_service_changed(NEW.master_id, NEW.service_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER master_services_availability_changed AFTER INSERT OR UPDATE OR DELETE ON master_services
  FOR EACH ROW EXECUTE FUNCTION notify_master_services_availability_changed();
