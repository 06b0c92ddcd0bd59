/**
 * callback_data of the inline buttons (SPEC.md "Callback data", CONTRACT.md §7):
 * a short prefix plus a 36-character id, always under Telegram's 64 bytes.
 */
export type CallbackAction =
  | { kind: 'confirm'; bookingId: string }
  | { kind: 'reject'; bookingId: string }
  | { kind: 'reschedule'; bookingId: string }
  | { kind: 'hour'; bookingId: string; hour: string }
  | { kind: 'minute'; bookingId: string; time: string }
  | { kind: 'accept'; proposalId: string }
  | { kind: 'decline'; proposalId: string };

const ID = '([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})';
const HOUR = '([01]\\d|2[0-3])';
const MINUTE = '([0-5]\\d)';

const PATTERNS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => CallbackAction]> = [
  [new RegExp(`^confirm_${ID}$`), (m) => ({ kind: 'confirm', bookingId: m[1]!.toLowerCase() })],
  [new RegExp(`^reject_${ID}$`), (m) => ({ kind: 'reject', bookingId: m[1]!.toLowerCase() })],
  [new RegExp(`^reschedule_${ID}$`), (m) => ({ kind: 'reschedule', bookingId: m[1]!.toLowerCase() })],
  [new RegExp(`^rh_${ID}_${HOUR}$`), (m) => ({ kind: 'hour', bookingId: m[1]!.toLowerCase(), hour: m[2]! })],
  [new RegExp(`^rm_${ID}_${HOUR}${MINUTE}$`), (m) => ({ kind: 'minute', bookingId: m[1]!.toLowerCase(), time: `${m[2]}:${m[3]}` })],
  [new RegExp(`^ra_${ID}$`), (m) => ({ kind: 'accept', proposalId: m[1]!.toLowerCase() })],
  [new RegExp(`^rd_${ID}$`), (m) => ({ kind: 'decline', proposalId: m[1]!.toLowerCase() })],
];

/** The action a button carries, or undefined for anything the bot did not issue. */
export function parseCallbackData(data: string): CallbackAction | undefined {
  for (const [pattern, build] of PATTERNS) {
    const match = pattern.exec(data);
    if (match) return build(match);
  }
  return undefined;
}

export function callbackData(action: CallbackAction): string {
  switch (action.kind) {
    case 'confirm':
    case 'reject':
    case 'reschedule':
      return `${action.kind}_${action.bookingId}`;
    case 'hour':
      return `rh_${action.bookingId}_${action.hour}`;
    case 'minute':
      return `rm_${action.bookingId}_${action.time.replace(':', '')}`;
    case 'accept':
      return `ra_${action.proposalId}`;
    case 'decline':
      return `rd_${action.proposalId}`;
  }
}

export type StartPayload =
  | { kind: 'none' }
  | { kind: 'provider'; businessId: number; code: string | undefined }
  | { kind: 'master'; masterId: number; code: string | undefined }
  | { kind: 'client'; bookingId: string }
  | { kind: 'subscribe'; phone: string }
  | { kind: 'unknown' };

/** Telegram's limit for a start parameter. */
const START_PARAM_MAX = 64;
const LINK_CODE = /^[A-Za-z0-9_-]{16,}$/;

/**
 * The parameter of /start (deep link). CONTRACT.md §7: client_ carries a booking id, subscribe_ a phone;
 * §11: provider_{business_id}_{code}, where a missing or malformed code leaves `code` undefined (nothing links);
 * §16: master_{master_id}_{code}, the same for a master.
 */
export function parseStartPayload(payload: string): StartPayload {
  const value = payload.trim();
  if (value === '') return { kind: 'none' };
  const provider = /^provider_(\d{1,10})(?:_(.*))?$/.exec(value);
  if (provider) {
    const businessId = Number(provider[1]);
    const code = provider[2] !== undefined && LINK_CODE.test(provider[2]) && value.length <= START_PARAM_MAX ? provider[2] : undefined;
    return businessId >= 1 && businessId <= 2147483647 ? { kind: 'provider', businessId, code } : { kind: 'unknown' };
  }
  const master = /^master_(\d{1,10})(?:_(.*))?$/.exec(value);
  if (master) {
    const masterId = Number(master[1]);
    const code = master[2] !== undefined && LINK_CODE.test(master[2]) && value.length <= START_PARAM_MAX ? master[2] : undefined;
    return masterId >= 1 && masterId <= 2147483647 ? { kind: 'master', masterId, code } : { kind: 'unknown' };
  }
  const client = /^client_(.+)$/.exec(value);
  if (client) return { kind: 'client', bookingId: client[1]! };
  const subscribe = /^subscribe_(.+)$/.exec(value);
  if (subscribe) return { kind: 'subscribe', phone: subscribe[1]! };
  return { kind: 'unknown' };
}
