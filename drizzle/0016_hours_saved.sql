-- Issue #35: the setup card counts "working hours" done only once the owner saved or confirmed a week
-- (PUT /schedule/{id}), not for the registration's default week. Salons that exist already keep theirs as set.
ALTER TABLE "businesses" ADD COLUMN "hours_saved" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "businesses" SET "hours_saved" = true;
