/** CONTRACT.md §17 on PUT /business: the minimum notice and the horizon of public bookings. */
import { Type } from '@sinclair/typebox';
import { Nullable } from '../../http/schemas.js';

export const BookingWindowFields = {
  min_notice_minutes: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 10080, description: 'A public booking starts at least this many minutes after now; 0: no limit' }),
  ),
  booking_horizon_days: Type.Optional(
    Nullable(Type.Integer({ minimum: 1, maximum: 365, description: 'A public booking is at most this many days ahead; null: no limit' })),
  ),
};

export interface BookingWindowInput {
  min_notice_minutes?: number;
  booking_horizon_days?: number | null;
}

/** The columns to write, for the fields present in the request. */
export function bookingWindowValues(input: BookingWindowInput): { minNoticeMinutes?: number; bookingHorizonDays?: number | null } {
  const values: { minNoticeMinutes?: number; bookingHorizonDays?: number | null } = {};
  if (input.min_notice_minutes !== undefined) values.minNoticeMinutes = input.min_notice_minutes;
  if (input.booking_horizon_days !== undefined) values.bookingHorizonDays = input.booking_horizon_days;
  return values;
}
