/**
 * Phone normalization of CONTRACT.md §5: drop every non-digit; 10 digits get
 * a leading 7; 11 digits starting with 8 become 7...; the result must be 11
 * digits. Returns null for anything else.
 */
export function normalizePhone(raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  if (digits.length === 10) return `7${digits}`;
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`;
  if (digits.length === 11) return digits;
  return null;
}

/**
 * The ways one phone may have been stored or typed (SPEC.md: variants +7, 7, 8;
 * a leading 8 is read as 7), for looking up CLIENT_PHONE subscriptions.
 */
export function phoneVariants(raw: string): string[] {
  const normalized = normalizePhone(raw);
  if (!normalized) return [raw];
  const local = normalized.slice(1);
  return [normalized, `+${normalized}`, `8${local}`, `+7${local}`].filter((v, i, all) => all.indexOf(v) === i);
}

/** +7 701 234 56 78: for messages and pages. */
export function formatPhone(normalized: string): string {
  const d = normalized.replace(/\D/g, '');
  if (d.length !== 11) return normalized;
  return `+${d[0]} ${d.slice(1, 4)} ${d.slice(4, 7)} ${d.slice(7, 9)} ${d.slice(9, 11)}`;
}
