/** Pure rules of the owner's panel (no DOM, no requests): unit-tested in test/unit/admin-rules.test.ts. */

export interface ScheduleDay {
  start_time: string;
  end_time: string;
  break_start_time: string | null;
  break_end_time: string | null;
  is_active: boolean;
}

/**
 * What the panel refuses to save (the API stays permissive, as SPEC.md says): a working day
 * that ends before or when it starts, a break outside the hours or ending before it starts.
 */
export function dayProblem(d: ScheduleDay): 'hours' | 'break' | null {
  if (!d.is_active) return null;
  if (!d.start_time || !d.end_time || d.end_time <= d.start_time) return 'hours';
  const [from, to] = [d.break_start_time || null, d.break_end_time || null];
  if (from === null && to === null) return null;
  if (from === null || to === null || to <= from || from < d.start_time || to > d.end_time) return 'break';
  return null;
}

export interface SetupState {
  master: boolean;
  /** The owner saved or confirmed working hours (business.hours_saved), not the registration's defaults. */
  hours: boolean;
  /** "Не записывать двоих к одному мастеру на одно время": strict slots on. */
  strict: boolean;
  /** The public link is no longer the owner's phone number. */
  link: boolean;
  telegram: boolean;
}

interface SetupBusiness {
  messenger_chat_id: string | null;
  hours_saved: boolean;
  strict_slots: boolean;
  slug: string;
}

/** Pure: what the owner has done, from what the provider API answers. */
export function setupState(masters: ReadonlyArray<unknown>, business: SetupBusiness): SetupState {
  return {
    master: masters.length > 0,
    hours: business.hours_saved,
    strict: business.strict_slots,
    link: !isPhoneSlug(business.slug),
    telegram: Boolean(business.messenger_chat_id),
  };
}

/** The default slug (SPEC.md: the 10-digit phone, -2, -3 on a collision). */
export function isPhoneSlug(slug: string): boolean {
  return /^\d{10}(-\d+)?$/.test(slug);
}

/**
 * Whether clients can book already (the setup card must not say they cannot): a master, and someone works
 * on some weekday, the salon's week (defaults included) or a master's own.
 */
export function clientsCanBook(
  masters: ReadonlyArray<{ has_schedule: boolean }>,
  businessWeek: ReadonlyArray<{ is_active: boolean }>,
): boolean {
  return masters.length > 0 && (businessWeek.some((row) => row.is_active) || masters.some((m) => m.has_schedule));
}

/** "Абая 10" typed under the city "Алматы" is saved as "Алматы, Абая 10"; an address naming its city stays as it is. */
export function withCity(city: string, street: string): string {
  const c = city.trim();
  const a = street.trim();
  if (!c || !a || a.toLowerCase().includes(c.toLowerCase())) return street;
  return `${c}, ${a}`;
}

/**
 * The saved address back into the city and street fields (so the city typed survives a reload): the part
 * before the first ", " when it names a city (no digits) and withCity gives the address back; else no city.
 */
export function splitCity(address: string): [city: string, street: string] {
  const at = address.indexOf(', ');
  if (at <= 0) return ['', address];
  const city = address.slice(0, at);
  const street = address.slice(at + 2);
  if (/\d/.test(city) || city.length > 60 || !street.trim() || withCity(city, street) !== address) return ['', address];
  return [city, street];
}
