-- The count tables of 0019, 0021 and 0023 under concurrent writes: a writer waited for the row of its
-- stripe (pg_backend_pid() modulo 8, 16 or 32) while another transaction held it until commit. With a
-- transaction of several booking statements that wait closed a cycle: a visit's status (one UPDATE per
-- item) held its stripe's rows and then wanted an item that a PATCH of that item had just updated, the
-- PATCH's trigger waiting for those rows: "deadlock detected", a 500 (test/api/superadmin/booking-counts-race.test.ts).
-- Now a writer never waits for a count row: it claims the row's stripe for its transaction with
-- pg_try_advisory_xact_lock, starting at its backend's stripe as before, and takes the next stripe of the
-- key when another transaction holds that one; only a claimant writes a row, so no upsert waits for
-- another's. The sums stay the same (every stripe of a key is summed). Past the usual stripes (all held
-- at once by other transactions) it takes one of 64 more; only past those it waits for its own stripe.
-- Advisory keys (two int4): (tag * 256 + stripe, the hash of the status XOR the business or the day); tag 1
-- booking_counts, 2 the days, 3 the totals. A key shared by two rows only makes one of them skip a stripe.
CREATE FUNCTION claim_count_stripe(tag integer, key integer, home integer, stripes integer) RETURNS smallint
LANGUAGE plpgsql AS $$
DECLARE
  stripe integer;
BEGIN
  FOR i IN 0 .. stripes + 63 LOOP
    stripe := CASE WHEN i < stripes THEN (home + i) % stripes ELSE i END;
    IF pg_try_advisory_xact_lock(tag * 256 + stripe, key) THEN
      RETURN stripe;
    END IF;
  END LOOP;
  PERFORM pg_advisory_xact_lock(tag * 256 + home, key);
  RETURN home;
END $$;
--> statement-breakpoint
-- 0023's function, each row's stripe claimed (claim_count_stripe) instead of taken.
CREATE OR REPLACE FUNCTION count_bookings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  backend_stripe smallint := pg_backend_pid() % 8;
  day_stripe smallint := pg_backend_pid() % 16;
  total_stripe smallint := pg_backend_pid() % 32;
BEGIN
  IF current_setting('app.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    WITH per_business AS (
      INSERT INTO booking_counts AS c (business_id, status, stripe, n)
        SELECT business_id, status, claim_count_stripe(1, hashtext(status) # business_id, backend_stripe, 8), count(*)
        FROM new_rows GROUP BY business_id, status
        ON CONFLICT (business_id, status, stripe) DO UPDATE SET n = c.n + excluded.n
    ), per_status AS (
      INSERT INTO booking_status_totals AS s (status, stripe, n)
        SELECT status, claim_count_stripe(3, hashtext(status), total_stripe, 32), count(*) FROM new_rows GROUP BY status
        ON CONFLICT (status, stripe) DO UPDATE SET n = s.n + excluded.n
    )
    INSERT INTO booking_day_counts AS d (day, status, stripe, n)
      SELECT start_at::date, status, claim_count_stripe(2, hashtext(status) # (start_at::date - DATE '2000-01-01'), day_stripe, 16), count(*)
      FROM new_rows GROUP BY start_at::date, status
      ON CONFLICT (day, status, stripe) DO UPDATE SET n = d.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH per_business AS (
      INSERT INTO booking_counts AS c (business_id, status, stripe, n)
        SELECT business_id, status, claim_count_stripe(1, hashtext(status) # business_id, backend_stripe, 8), -count(*)
        FROM old_rows GROUP BY business_id, status
        ON CONFLICT (business_id, status, stripe) DO UPDATE SET n = c.n + excluded.n
    ), per_status AS (
      INSERT INTO booking_status_totals AS s (status, stripe, n)
        SELECT status, claim_count_stripe(3, hashtext(status), total_stripe, 32), -count(*) FROM old_rows GROUP BY status
        ON CONFLICT (status, stripe) DO UPDATE SET n = s.n + excluded.n
    )
    INSERT INTO booking_day_counts AS d (day, status, stripe, n)
      SELECT start_at::date, status, claim_count_stripe(2, hashtext(status) # (start_at::date - DATE '2000-01-01'), day_stripe, 16), -count(*)
      FROM old_rows GROUP BY start_at::date, status
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
        SELECT business_id, status, claim_count_stripe(1, hashtext(status) # business_id, backend_stripe, 8), sum(n)
        FROM delta GROUP BY business_id, status HAVING sum(n) <> 0
        ON CONFLICT (business_id, status, stripe) DO UPDATE SET n = c.n + excluded.n
    ), per_status AS (
      INSERT INTO booking_status_totals AS s (status, stripe, n)
        SELECT status, claim_count_stripe(3, hashtext(status), total_stripe, 32), sum(n) FROM delta GROUP BY status HAVING sum(n) <> 0
        ON CONFLICT (status, stripe) DO UPDATE SET n = s.n + excluded.n
    )
    INSERT INTO booking_day_counts AS d (day, status, stripe, n)
      SELECT day, status, claim_count_stripe(2, hashtext(status) # (day - DATE '2000-01-01'), day_stripe, 16), sum(n)
      FROM delta GROUP BY day, status HAVING sum(n) <> 0
      ON CONFLICT (day, status, stripe) DO UPDATE SET n = d.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
