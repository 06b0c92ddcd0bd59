-- Issue #53: the super admin's search (GET /superadmin/businesses?q=, /superadmin/bookings?q=) finds a
-- business whose name, slug or a user's e-mail contains q. A contains-search cannot use a btree, so it
-- read every business (and probed users once per business): 7.8 ms at 10 000 businesses against 0.1 ms
-- at 100, 6.13x the empty platform's p99 in the scale bench. pg_trgm's GIN indexes answer ILIKE
-- '%q%' for q of three characters or more (0.24 ms at 10 000, src/modules/superadmin/superadmin.queries.ts
-- businessSearch). pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it;
-- PGlite loads it from its contrib (src/db/pglite-settings.ts PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_name_trgm_idx" ON "businesses" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_slug_trgm_idx" ON "businesses" USING gin ("slug" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
