/** "записей: N" counts what the calendar shows, so the figure matches the blocks the owner sees (one master's column counts that master's bookings). */
export function shownCount(bookings: readonly { master: { id: number } }[], shown: readonly { masterId: number }[] | undefined): number {
  if (!shown) return bookings.length;
  const ids = new Set(shown.map((column) => column.masterId));
  return bookings.filter((b) => ids.has(b.master.id)).length;
}
