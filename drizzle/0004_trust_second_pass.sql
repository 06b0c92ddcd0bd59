-- CONTRACT.md §11: a phone subscription only ever comes from a contact Telegram vouched for
-- (the sender's own). `origin` says where a subscription came from; /start client_{id} once
-- also subscribed the booking's phone, and those rows cannot be told apart from the shared
-- contacts' now, so every phone subscription made before is removed: a client shares the
-- contact again to follow their number (their CLIENT_BOOKING rows stay, so no booking of
-- theirs goes quiet).
ALTER TABLE "subscriptions" ADD COLUMN "origin" text;
--> statement-breakpoint
DELETE FROM "subscriptions" WHERE "context_type" = 'CLIENT_PHONE';
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_phone_vouched" CHECK ("context_type" <> 'CLIENT_PHONE' OR "origin" = 'contact');
--> statement-breakpoint
-- CONTRACT.md §11: a business keeps its 3 most recent former slugs; `seq` orders them (older rows get theirs in any order).
ALTER TABLE "business_slug_aliases" ADD COLUMN "seq" serial NOT NULL;
