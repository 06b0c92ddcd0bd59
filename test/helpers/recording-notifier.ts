import { NotSent } from '../../src/modules/bookings/not-sent.js';
import type { Notifier, ProposalView } from '../../src/modules/bookings/notifier.js';
import type { BookingView } from '../../src/modules/bookings/view.js';
import type { BusinessRow } from '../../src/modules/catalog/business.queries.js';

export type NotifierCall =
  | { kind: 'newBooking'; business: BusinessRow; booking: BookingView }
  | { kind: 'newVisit'; business: BusinessRow; items: readonly BookingView[] }
  | { kind: 'bookingStatusChanged'; business: BusinessRow; booking: BookingView }
  | { kind: 'bookingMoved'; business: BusinessRow; booking: BookingView; previousStart: string }
  | { kind: 'visitStatusChanged'; business: BusinessRow; items: readonly BookingView[] }
  | { kind: 'visitMoved'; business: BusinessRow; items: readonly BookingView[]; previousStart: string }
  | { kind: 'rescheduleProposed'; business: BusinessRow; booking: BookingView; proposal: ProposalView }
  | { kind: 'rescheduleAnswered'; business: BusinessRow; booking: BookingView; proposal: ProposalView }
  | { kind: 'passwordReset'; business: BusinessRow; password: string }
  | { kind: 'passwordResetLink'; business: BusinessRow; link: string }
  | { kind: 'providerUnlinked'; business: BusinessRow; chatId: string }
  | { kind: 'masterUnlinked'; business: BusinessRow; masterName: string; chatId: string };

/** A Notifier that records what the domain asked to send (the seam of src/modules/bookings/notifier.ts). */
export class RecordingNotifier implements Notifier {
  readonly calls: NotifierCall[] = [];
  readonly notSent = new NotSent(undefined);
  fail = false;

  private record(call: NotifierCall): void {
    this.calls.push(call);
    if (this.fail) throw new Error('messenger down');
  }

  async newBooking(business: BusinessRow, booking: BookingView) {
    this.record({ kind: 'newBooking', business, booking });
  }
  async newVisit(business: BusinessRow, items: readonly BookingView[]) {
    this.record({ kind: 'newVisit', business, items });
  }
  async bookingStatusChanged(business: BusinessRow, booking: BookingView) {
    this.record({ kind: 'bookingStatusChanged', business, booking });
  }
  async bookingMoved(business: BusinessRow, booking: BookingView, previousStart: string) {
    this.record({ kind: 'bookingMoved', business, booking, previousStart });
  }
  async visitStatusChanged(business: BusinessRow, items: readonly BookingView[]) {
    this.record({ kind: 'visitStatusChanged', business, items });
  }
  async visitMoved(business: BusinessRow, items: readonly BookingView[], previousStart: string) {
    this.record({ kind: 'visitMoved', business, items, previousStart });
  }
  async rescheduleProposed(business: BusinessRow, booking: BookingView, proposal: ProposalView) {
    this.record({ kind: 'rescheduleProposed', business, booking, proposal });
    return true;
  }
  async rescheduleAnswered(business: BusinessRow, booking: BookingView, proposal: ProposalView) {
    this.record({ kind: 'rescheduleAnswered', business, booking, proposal });
  }
  async passwordReset(business: BusinessRow, password: string) {
    this.record({ kind: 'passwordReset', business, password });
  }
  async passwordResetLink(business: BusinessRow, link: string) {
    this.record({ kind: 'passwordResetLink', business, link });
  }
  async providerUnlinked(business: BusinessRow, chatId: string) {
    this.record({ kind: 'providerUnlinked', business, chatId });
  }
  async masterUnlinked(business: BusinessRow, masterName: string, chatId: string) {
    this.record({ kind: 'masterUnlinked', business, masterName, chatId });
  }
}
