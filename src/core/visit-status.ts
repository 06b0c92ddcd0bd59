/** CONTRACT.md §20: a visit's status is its bookings' common status, or `mixed` when one of them was changed alone. */
export type VisitStatus<S extends string = string> = S | 'mixed';

export function visitStatus<S extends string>(statuses: readonly S[]): VisitStatus<S> {
  const [first] = statuses;
  if (first === undefined) return 'mixed';
  return statuses.every((status) => status === first) ? first : 'mixed';
}
