-- Issue #53: GET /superadmin/bookings for a week of every business counted the week's bookings along
-- bookings_start_list_idx for X-Total-Count (48 000 index entries a week at 5 million bookings).
-- The platform's bookings per day (of start_at) and status, kept by the same statement-level trigger
-- as booking_counts in the writing transaction: a dated total is the sum of a few rows per day.
-- 16 stripes, not booking_counts' 8: every business books into the same few days, so the writers that
-- share a row are the platform's (a pool of 10 per instance, 30 in the cluster), not one salon's; a
-- week is then at most 7 days x 5 statuses x 16 stripes = 560 rows, still 1% of the index range.
-- No foreign key and no business: a business's delete counts its bookings down through the trigger.
-- A restore loads the rows as backed up (app.restoring); a backup older than this migration gets
-- them from the count below, which runs after its rows are loaded (src/db/backup/load.ts).
CREATE TABLE "booking_day_counts" (
  "day" date NOT NULL,
  "status" text NOT NULL,
  "stripe" smallint NOT NULL,
  "n" integer NOT NULL,
  CONSTRAINT "booking_day_counts_pkey" PRIMARY KEY ("day", "status", "stripe")
);
--> statement-breakpoint
INSERT INTO "booking_day_counts" ("day", "status", "stripe", "n")
  SELECT "start_at"::date, "status", 0, count(*)::int FROM "bookings" GROUP BY 1, 2;
--> statement-breakpoint
-- One statement per write: a data-modifying CTE upserts booking_counts, the outer INSERT the days.
-- Measured per single-row insert (EXPLAIN ANALYZE's trigger time, median of 1 000): 0019's function
-- 22 us, this one 31 us; two statements 30 us, a shared MATERIALIZED delta of new_rows 38 us. The
-- UPDATE branch does share one (the old/new join once): it moves a booking between businesses,
-- statuses or days (a reschedule to another date); a change that moves nothing (notes, a time on the
-- same day) leaves both tables untouched (HAVING sum(n) <> 0).
CREATE OR REPLACE FUNCTION count_bookings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  backend_stripe smallint := pg_backend_pid() % 8;
  day_stripe smallint := pg_backend_pid() % 16;
BEGIN
  IF current_setting('app.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    WITH per_business AS (
      INSERT INTO booking_counts AS c (business_id, status, stripe, n)
        SELECT business_id, status, backend_stripe, count(*) FROM new_rows GROUP BY 1, 2
        ON CONFLICT (business_id, status, stripe) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO booking_day_counts AS d (day, status, stripe, n)
      SELECT start_at::date, status, day_stripe, count(*) FROM new_rows GROUP BY 1, 2
      ON CONFLICT (day, status, stripe) DO UPDATE SET n = d.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH per_business AS (
      INSERT INTO booking_counts AS c (business_id, status, stripe, n)
        SELECT business_id, status, backend_stripe, -count(*) FROM old_rows GROUP BY 1, 2
        ON CONFLICT (business_id, status, stripe) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO booking_day_counts AS d (day, status, stripe, n)
      SELECT start_at::date, status, day_stripe, -count(*) FROM old_rows GROUP BY 1, 2
      ON CONFLICT (day, status, stripe) DO UPDATE SET n = d.n + excluded.n;
  ELSE
    WITH delta AS MATERIALIZED (
      SELECT business_id, status, day, sum(n) AS n FROM (
        SELECT o.business_id, o.status, o.start_at::date AS day, -1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
          WHERE o.status IS DISTINCT FROM w.status OR o.business_id <> w.business_id OR o.start_at::date <> w.start_at::date
        UNION ALL
        SELECT w.business_id, w.status, w.start_at::date, 1 FROM old_rows o JOIN new_rows w ON w.id = o.id
          WHERE o.status IS DISTINCT FROM w.status OR o.business_id <> w.business_id OR o.start_at::date <> w.start_at::date
      ) moved GROUP BY 1, 2, 3
    ), per_business AS (
      INSERT INTO booking_counts AS c (business_id, status, stripe, n)
        SELECT business_id, status, backend_stripe, sum(n) FROM delta GROUP BY 1, 2 HAVING sum(n) <> 0
        ON CONFLICT (business_id, status, stripe) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO booking_day_counts AS d (day, status, stripe, n)
      SELECT day, status, day_stripe, sum(n) FROM delta GROUP BY 1, 2 HAVING sum(n) <> 0
      ON CONFLICT (day, status, stripe) DO UPDATE SET n = d.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
