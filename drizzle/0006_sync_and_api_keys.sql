-- CONTRACT.md §14, API keys: a business's keys for a CRM or a script. Only the SHA-256 of a key is kept
-- (a key is 190+ random bits, so a plain hash is enough); revoking deletes the row.
CREATE TABLE IF NOT EXISTS "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp DEFAULT LOCALTIMESTAMP(0) NOT NULL,
	"last_used_at" timestamp
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "api_keys_key_hash_key" ON "api_keys" USING btree ("key_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_keys_business_id_idx" ON "api_keys" USING btree ("business_id");
--> statement-breakpoint
-- CONTRACT.md §14, incremental sync: every change of a booking moves updated_at (the app writes it from its
-- clock); bookings made before start with their created_at.
ALTER TABLE "bookings" ADD COLUMN "updated_at" timestamp;
--> statement-breakpoint
UPDATE "bookings" SET "updated_at" = "created_at";
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "updated_at" SET DEFAULT LOCALTIMESTAMP(0);
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "updated_at" SET NOT NULL;
--> statement-breakpoint
-- GET /bookings?updated_since= pages along (updated_at, id) within a business.
CREATE INDEX IF NOT EXISTS "bookings_business_updated_idx" ON "bookings" USING btree ("business_id","updated_at","id");
--> statement-breakpoint
-- GET /bookings/deleted?since=: one row per deleted booking, kept 90 days (docs/decisions.md).
CREATE TABLE IF NOT EXISTS "deleted_bookings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
	"deleted_at" timestamp NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deleted_bookings_business_deleted_idx" ON "deleted_bookings" USING btree ("business_id","deleted_at","id");
