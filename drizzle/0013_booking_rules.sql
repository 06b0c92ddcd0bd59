-- Issue 36, CONTRACT.md §17: booking rules per master and per service. Every rule is off by default.
-- A master's own price and duration for a service (null: the service's own).
ALTER TABLE master_services ADD COLUMN price double precision;
--> statement-breakpoint
ALTER TABLE master_services ADD COLUMN duration integer;
--> statement-breakpoint
ALTER TABLE master_services ADD CONSTRAINT master_services_price_check CHECK (price IS NULL OR price >= 0);
--> statement-breakpoint
ALTER TABLE master_services ADD CONSTRAINT master_services_duration_check CHECK (duration IS NULL OR duration >= 1);
--> statement-breakpoint
-- Minutes kept free after a booking of the service (cleaning up).
ALTER TABLE services ADD COLUMN buffer_after integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE services ADD CONSTRAINT services_buffer_after_check CHECK (buffer_after BETWEEN 0 AND 240);
--> statement-breakpoint
-- How long before its start a public booking must be made, and how many days ahead it may be (null: no limit).
ALTER TABLE businesses ADD COLUMN min_notice_minutes integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE businesses ADD COLUMN booking_horizon_days integer;
--> statement-breakpoint
ALTER TABLE businesses ADD CONSTRAINT businesses_min_notice_minutes_check CHECK (min_notice_minutes BETWEEN 0 AND 10080);
--> statement-breakpoint
ALTER TABLE businesses ADD CONSTRAINT businesses_booking_horizon_days_check CHECK (booking_horizon_days IS NULL OR booking_horizon_days BETWEEN 1 AND 365);
