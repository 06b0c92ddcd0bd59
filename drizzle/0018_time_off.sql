-- CONTRACT.md §21 (time off): days or hours closed on dates, for the business (master_id null) or one
-- master. A write changes free times only, so it says 'slots:<business id>' on 'availability_changed'
-- like a booking does (notify_slots_changed, drizzle/0011): every instance forgets that business's
-- cached slots and /days answers.
CREATE TABLE "time_off" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"master_id" integer,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"note" text,
	"created_at" timestamp DEFAULT LOCALTIMESTAMP(0) NOT NULL,
	CONSTRAINT "time_off_dates_ordered" CHECK ("time_off"."date_from" <= "time_off"."date_to"),
	CONSTRAINT "time_off_hours_paired" CHECK (("time_off"."start_time" IS NULL) = ("time_off"."end_time" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_master_id_masters_id_fk" FOREIGN KEY ("master_id") REFERENCES "public"."masters"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "time_off_business_dates_idx" ON "time_off" USING btree ("business_id","date_to","date_from");
--> statement-breakpoint
CREATE TRIGGER time_off_availability_changed AFTER INSERT OR UPDATE OR DELETE ON time_off
  FOR EACH ROW EXECUTE FUNCTION notify_slots_changed();
