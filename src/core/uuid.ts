const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Booking ids are UUIDs; anything else simply names no booking (404), like another business's id. */
export const isUuid = (value: string): boolean => UUID_RE.test(value);
