-- CONTRACT.md §14: each master's calendar feed is read at /ics/{token}.ics; the token is made the first
-- time the panel asks for the feed's address and replaced on rotate (the old address then answers 404).
ALTER TABLE "masters" ADD COLUMN "calendar_token" text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "masters_calendar_token_key" ON "masters" USING btree ("calendar_token");
