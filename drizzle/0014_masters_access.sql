-- CONTRACT.md §16: masters' own access. A master links one Telegram chat and user through a
-- single-use code (like the provider link of §11); a master token carries masters.token_version,
-- which unlink, rotate and delete raise, ending every token of that master on every instance.
ALTER TABLE "businesses" ADD COLUMN "masters_can_decide" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "masters" ADD COLUMN "telegram_link_code" text;--> statement-breakpoint
ALTER TABLE "masters" ADD COLUMN "telegram_chat_id" text;--> statement-breakpoint
ALTER TABLE "masters" ADD COLUMN "telegram_user_id" text;--> statement-breakpoint
ALTER TABLE "masters" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "masters_telegram_user_id_key" ON "masters" ("telegram_user_id");--> statement-breakpoint
-- The bot's /panel link: single use across instances (a DELETE … RETURNING takes it once); only a hash is kept.
CREATE TABLE "master_panel_links" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "master_id" integer NOT NULL REFERENCES "masters"("id") ON DELETE CASCADE,
  "expires_at" timestamp NOT NULL
);--> statement-breakpoint
CREATE INDEX "master_panel_links_master_id_idx" ON "master_panel_links" ("master_id");
