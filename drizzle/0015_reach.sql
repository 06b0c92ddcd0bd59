-- CONTRACT.md §18 (reach). A booking made from the mini app remembers the Telegram user who made
-- it (GET /public/{slug}/my-bookings lists them); a business names the sites that may frame its
-- page (frame-ancestors of /{slug}).
ALTER TABLE "bookings" ADD COLUMN "telegram_user_id" text;--> statement-breakpoint
CREATE INDEX "bookings_business_telegram_user_idx" ON "bookings" ("business_id", "telegram_user_id") WHERE "telegram_user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "embed_origins" text[] DEFAULT '{}'::text[] NOT NULL;
