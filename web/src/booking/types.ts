import type { Answer } from '@shared/client';
import type { ANY } from './masters';

export type Business = Answer<'/public/{slug}'>;
export type Service = Answer<'/public/{slug}/services'>[number];
export type Master = Answer<'/public/{slug}/masters'>[number];
export type Slots = Answer<'/public/{slug}/slots'>;
export type Days = Answer<'/public/{slug}/days'>;
export type BookingResult = Answer<'/public/{slug}/booking', 'post'>;
/** CONTRACT.md §20: a visit of several services as POST /public/{slug}/visits answers it. */
export type VisitResult = Answer<'/public/{slug}/visits', 'post'>;
/** What the flow books: one service, or a visit. */
export type Booked = BookingResult | VisitResult;
export const isVisitResult = (booked: Booked): booked is VisitResult => 'bookings' in booked;
export type PublicConfig = Answer<'/public-config'>;

/** What src/modules/web/booking-page.service.ts puts into the page (#initial-data). */
export interface InitialData {
  config: PublicConfig;
  business?: Business;
  services?: Service[];
  /** The salon's active masters: none means online booking is not open yet. */
  masters?: Master[];
  /** The business schedule, 0 = Monday; open/close null on a day off. */
  hours?: OpeningHours[];
}

export interface OpeningHours {
  day_of_week: number;
  open: string | null;
  close: string | null;
}

export type MasterChoice = Master | typeof ANY;
