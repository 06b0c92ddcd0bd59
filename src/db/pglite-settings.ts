import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL settings every embedded PGlite starts with (the service's and the tests'). PGlite runs the
 * database on the event loop's thread, so work PostgreSQL does in passing holds every request: a new
 * 16 MB WAL segment is zero-filled by default, and one INSERT of a large import then held the loop
 * 100-130 ms instead of 20. Without the zero-fill the segment's pages are allocated as they are written.
 */
export const PGLITE_SETTINGS: readonly string[] = ['-c', 'wal_init_zero=off'];

/**
 * Extensions the schema uses (migration 0022: pg_trgm's indexes for the super admin's search). PGlite
 * loads an extension only when it is named at construction, also for a data directory that already has
 * it: every PGlite that opens the service's data is made with these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
