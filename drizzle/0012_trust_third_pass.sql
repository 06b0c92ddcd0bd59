-- CONTRACT.md §11 third pass: a Telegram (mini-app) session ends on its own. A token from
-- POST /auth/messenger carries this number; POST /business/telegram/rotate (and every other
-- clearing of the admin's Telegram id) raises it, ending those sessions while the owner's
-- password sessions go on.
ALTER TABLE "users" ADD COLUMN "telegram_token_version" integer DEFAULT 0 NOT NULL;
