-- Issue #48 (CONTRACT.md §11 fourth pass): a reset link and a master's /panel link carry the generation of the
-- account they grant (identity/credential-generations.ts); a remedy that raised it since ends them.
ALTER TABLE "password_reset_tokens" ADD COLUMN "account_generation" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "telegram_generation" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "master_panel_links" ADD COLUMN "master_generation" integer DEFAULT 0 NOT NULL;
