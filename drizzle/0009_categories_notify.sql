-- The booking page and the public catalog show category names; slots do not. A write to a category
-- says 'catalog:<business id>' on 'availability_changed': the page cache forgets that business, the
-- slots cache keeps its answers (an older instance reads it as "forget everything", which is safe).
CREATE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('availability_changed', 'catalog:' || OLD.business_id);
  ELSE
    PERFORM pg_notify('availability_changed', 'catalog:' || NEW.business_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER service_categories_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON service_categories
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
