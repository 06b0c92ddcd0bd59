/** CONTRACT.md §16: a master's token sees that master's bookings only; the owner (masterId undefined) sees all. */
export const withinMasterScope = (booking: { master: { id: number } }, masterId: number | undefined): boolean =>
  masterId === undefined || booking.master.id === masterId;
