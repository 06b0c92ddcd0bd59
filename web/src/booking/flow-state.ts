/**
 * The booking flow of SPEC.md "Clients create bookings" as a step machine: service → master → date
 * and time → details → done; "+ ещё услуга" (the step `add`) makes it a visit of several services
 * (CONTRACT.md §20), each with its own master or "any master". Pure: no request, no history entry, no DOM; flow.tsx renders the state,
 * use-submit.ts sends it, and test/unit/booking-flow-state.test.ts holds its rules. Relative imports
 * only: the unit tests load it without the web build's aliases.
 */
import { ANY, mastersFor, type MasterRef } from './masters.js';
import type { Quote } from './quote.js';

export type Step = 'service' | 'add' | 'master' | 'when' | 'details' | 'done';

/** CONTRACT.md §20: at most this many services in one visit (core/visit-times.ts MAX_VISIT_ITEMS; relative imports only here). */
export const VISIT_MAX = 5;

/** A service of a visit after the first one, with its own master or "any master". */
export interface Part<T extends FlowTypes> {
  service: T['service'];
  master: T['master'] | typeof ANY;
}

export interface DetailsValues {
  firstName: string;
  /** The phone as the person typed it (its own prefix kept); storedPhone reads the number. */
  phone: string;
  notes: string;
}

export type DetailsProblem = 'needName' | 'needPhone' | 'needCaptcha';

/** The chosen time, checked again before sending, was taken: the nearest free times, or the one picked from them. */
export type Retaken = { time: string; offered: string[] } | { changedTo: string };

/** What a reload needs to rebuild the flow (history.ts keeps it in the tab's sessionStorage). */
export interface KeptChoices {
  serviceId: number | null;
  masterId: number | typeof ANY;
  masterSkipped: boolean;
  date: string | null;
  time: string | null;
  values: DetailsValues;
  /** The visit's services after the first (CONTRACT.md §20); absent or empty: one service. */
  more?: { serviceId: number; masterId: number | typeof ANY }[];
}

/** The shapes the flow holds: the public service, master and booking answer (types.ts) in the page. */
export interface FlowTypes {
  service: { id: number };
  master: MasterRef;
  booking: unknown;
}

export interface FlowState<T extends FlowTypes> {
  step: Step;
  /**
   * Bumped on every change of step; `entry` says whether it is a history entry of its own (a move
   * forward), takes the current one (the success screen: Back never lands on a filled form that would
   * book twice) or none (Back, Forward, a reload). use-flow.ts turns it into history and a scroll.
   */
  move: { count: number; entry: 'push' | 'replace' | 'none' };
  /** False until what the tab kept (or what a link chose) is applied: nothing is kept before. */
  started: boolean;
  /** The salon's masters, as known when a choice needed them. */
  masters: T['master'][];
  /** A master's link: the service step offers that master's services only, and the master is taken. */
  onlyMaster: T['master'] | null;
  /** A link's date, for the service picked next and, when the client chooses the master, the master picked next (CONTRACT.md §18). */
  linkDate: string | null;
  service: T['service'] | null;
  master: T['master'] | typeof ANY;
  /** The visit's services after the first one (CONTRACT.md §20): empty for a booking of one service. */
  more: Part<T>[];
  /** One master (or none) can do the service: the master step is left out. */
  masterSkipped: boolean;
  date: string | null;
  /** Always a time of `date`: null when no date is chosen. */
  time: string | null;
  values: DetailsValues;
  problem: DetailsProblem | null;
  error: string | null;
  retaken: Retaken | null;
  /**
   * The master and price shown before «Записаться» and sent as `max_price` (CONTRACT.md §19), for the
   * choice `key` names (quoteKey); value null: nobody is free then for "any master".
   */
  quote: { key: string; value: Quote | null } | null;
  /**
   * The price the server answered with `price_changed`, shown until the client confirms at it or changes the choice;
   * `masterTaken`: the master the page named for "any master" was taken meanwhile and the server chose another.
   */
  repriced: { price: number; masterTaken: boolean } | null;
  captchaToken: string | null;
  /** Bumped to ask the captcha widget for a new token (a token is good for one check). */
  captchaReset: number;
  sending: boolean;
  booking: T['booking'] | null;
}

export type FlowAction<T extends FlowTypes> =
  /** What this tab kept before a reload, and the step its history entry names. */
  | { type: 'restored'; kept: KeptChoices; services: readonly T['service'][]; masters: T['master'][]; wanted: Step | null }
  /** What a link chose (CONTRACT.md §18), checked against the salon's catalog by preset.ts. */
  | { type: 'linked'; masters: T['master'][]; service: T['service'] | null; master: T['master'] | null; date: string | null }
  /** Nothing kept, no link. */
  | { type: 'started' }
  /** «Записаться снова» of a visit (the mini app's «Мои записи»): its services and masters, straight to the times. */
  | { type: 'repeated'; masters: T['master'][]; parts: Part<T>[] }
  /** The choices of a step, each taken on its own step only. */
  | { type: 'pickService'; service: T['service']; masters: T['master'][] }
  /** "+ ещё услуга": a service added to the visit on the step `add`. */
  | { type: 'addService'; service: T['service'] }
  /** An item of the visit taken out (0: the first). */
  | { type: 'removeItem'; index: number }
  /** A master (or "any master") for one item of a visit, on the times step. */
  | { type: 'pickItemMaster'; index: number; master: T['master'] | typeof ANY }
  | { type: 'pickMaster'; master: T['master'] | typeof ANY }
  | { type: 'pickDate'; date: string }
  | { type: 'pickTime'; time: string }
  /** Forward to a step already filled in (the chosen items above the step, "another day", "fix the phone"). */
  | { type: 'go'; step: Step }
  /** Back or Forward landed on the history entry of a step. */
  | { type: 'popped'; step: Step }
  /** «Все мастера» on a master's link. */
  | { type: 'clearMaster' }
  | { type: 'edit'; values: DetailsValues }
  | { type: 'captcha'; token: string | null }
  /** The confirm button: what the details still lack, else the booking goes out. */
  | { type: 'submitting'; problem: DetailsProblem | null }
  | { type: 'taken'; time: string; offered: string[] }
  | { type: 'pickOffered'; time: string }
  /** The master and price of the chosen time, as the page read them (data.ts quote). */
  | { type: 'quoted'; key: string; quote: Quote | null }
  /**
   * 409 price_changed: the price the booking would cost now, and the quote read again after it (null when it
   * could not be read): for "any master" the server has then chosen someone else than the page named.
   */
  | { type: 'repriced'; price: number; quote: Quote | null }
  | { type: 'booked'; booking: T['booking'] }
  | { type: 'failed'; error: string; resetCaptcha: boolean }
  /** «Записаться ещё» from the success screen. */
  | { type: 'again' };

export function initialFlow<T extends FlowTypes>(defaults?: Partial<DetailsValues>): FlowState<T> {
  return {
    step: 'service',
    move: { count: 0, entry: 'none' },
    started: false,
    masters: [],
    onlyMaster: null,
    linkDate: null,
    service: null,
    master: ANY,
    more: [],
    masterSkipped: false,
    date: null,
    time: null,
    values: { firstName: '', phone: '', notes: '', ...defaults },
    problem: null,
    error: null,
    retaken: null,
    quote: null,
    repriced: null,
    captchaToken: null,
    captchaReset: 0,
    sending: false,
    booking: null,
  };
}

/** The masters who can do the chosen service. */
export function eligibleOf<T extends FlowTypes>(state: FlowState<T>): T['master'][] {
  return state.service ? mastersFor(state.service, state.masters) : [];
}

/** Whether the flow books a visit of several services (CONTRACT.md §20). */
export const isVisit = <T extends FlowTypes>(state: FlowState<T>): boolean => state.more.length > 0;

/** Every item of the flow, the first service first; empty before a service is picked. */
export function partsOf<T extends FlowTypes>(state: FlowState<T>): Part<T>[] {
  return state.service ? [{ service: state.service, master: state.master }, ...state.more] : [];
}

/** "+ ещё услуга" offers the salon's services not in the visit yet: a second haircut is a slip of the finger, not a visit. */
export function servicesToAdd<T extends FlowTypes>(state: FlowState<T>, services: readonly T['service'][]): T['service'][] {
  const taken = new Set(partsOf(state).map((part) => part.service.id));
  return services.filter((service) => !taken.has(service.id));
}

const choiceKey = (master: MasterRef | typeof ANY) => (master === ANY ? ANY : master.id);

/** What a quote is for: the services, the master choices, the date and the time; null until a time is chosen. */
export function quoteKey<T extends FlowTypes>(state: FlowState<T>): string | null {
  const { service, master, date, time } = state;
  if (!service || !date || !time) return null;
  const more = state.more.map((part) => `+${part.service.id}|${choiceKey(part.master)}`).join('');
  return `${service.id}|${choiceKey(master)}${more}|${date}|${time}`;
}

/**
 * What the page shows after 409 price_changed: the quote read again when it agrees with the server's price;
 * else the price alone, naming no master: the one the page named before may be the one who was taken.
 */
function repricedQuote(shown: Quote | null | undefined, fresh: Quote | null, price: number): Quote {
  if (fresh?.price === price) return fresh;
  const items = shown?.items?.map((item) => ({ ...item, masterId: null }));
  return { masterId: null, price, ...(items ? { items } : {}) };
}

/** The quote of the current choice, if the page has read it. */
export function currentQuote<T extends FlowTypes>(state: FlowState<T>): Quote | null | undefined {
  const key = quoteKey(state);
  return key && state.quote?.key === key ? state.quote.value : undefined;
}

/** The master the current quote names ("any master"'s choice once read), if the page knows them. */
export function quotedMaster<T extends FlowTypes>(state: FlowState<T>): T['master'] | undefined {
  const id = currentQuote(state)?.masterId;
  return id ? state.masters.find((master) => master.id === id) : undefined;
}

/** Whether a step can be shown with what is chosen. */
export function canShow<T extends FlowTypes>(state: FlowState<T>, step: Step): boolean {
  if (step === 'service') return true;
  if (step === 'done') return state.booking !== null;
  if (!state.service) return false;
  if (step === 'add') return 1 + state.more.length < VISIT_MAX;
  return step !== 'details' || Boolean(state.date && state.time);
}

/** The step Back leads to, or null where there is none. */
export function previousStep<T extends FlowTypes>(state: FlowState<T>): Step | null {
  const previous: Record<Step, Step | null> = {
    service: null,
    add: 'when',
    master: 'service',
    when: state.masterSkipped ? 'service' : 'master',
    details: 'when',
    done: null,
  };
  return previous[state.step];
}

/** What a reload needs of the state. */
export function keptOf<T extends FlowTypes>(state: FlowState<T>): KeptChoices {
  const { service, master, masterSkipped, date, time, values } = state;
  const kept: KeptChoices = { serviceId: service?.id ?? null, masterId: choiceKey(master), masterSkipped, date, time, values };
  return state.more.length > 0
    ? { ...kept, more: state.more.map((part) => ({ serviceId: part.service.id, masterId: choiceKey(part.master) })) }
    : kept;
}

/** A visit's master for a service added: a master's link (CONTRACT.md §18) for the services that master does, else "any master". */
function defaultMaster<T extends FlowTypes>(state: FlowState<T>, service: T['service']): T['master'] | typeof ANY {
  const fixed = state.onlyMaster;
  return fixed && mastersFor(service, state.masters).some((m) => m.id === fixed.id) ? fixed : ANY;
}

/** The first item's master step is left out when one master (or none) can do it; a visit's items change: its time goes. */
function withParts<T extends FlowTypes>(state: FlowState<T>, parts: Part<T>[]): FlowState<T> {
  const [first, ...more] = parts;
  if (!first) return state;
  const eligible = mastersFor(first.service, state.masters);
  return { ...state, service: first.service, master: first.master, more, masterSkipped: eligible.length <= 1, time: null };
}

/** A step shown: what the previous one said (a problem, an error, a taken time) goes with it. */
function show<T extends FlowTypes>(state: FlowState<T>, step: Step, entry: FlowState<T>['move']['entry']): FlowState<T> {
  return { ...state, step, move: { count: state.move.count + 1, entry }, problem: null, error: null, retaken: null, repriced: null };
}

/** A service picked (by hand or by a link): the master taken when only one can do it, a link's date kept. */
function pickService<T extends FlowTypes>(state: FlowState<T>, service: T['service'], masters: T['master'][]): FlowState<T> {
  const eligible = mastersFor(service, masters);
  const fixed = state.onlyMaster;
  const linked = fixed && eligible.some((m) => m.id === fixed.id) ? [fixed] : eligible;
  const skip = linked.length <= 1;
  const linkDate = skip ? null : state.linkDate;
  const next = { ...state, masters, service, date: state.linkDate, linkDate, time: null, masterSkipped: skip };
  return show({ ...next, master: linked.length === 1 ? linked[0]! : ANY }, skip ? 'when' : 'master', 'push');
}

function restore<T extends FlowTypes>(state: FlowState<T>, action: Extract<FlowAction<T>, { type: 'restored' }>): FlowState<T> {
  const { kept, masters, wanted } = action;
  const base = { ...state, started: true, values: { ...state.values, ...kept.values } };
  const service = action.services.find((s) => s.id === kept.serviceId);
  if (!service || !wanted || wanted === 'service' || wanted === 'done') return base;
  // A master no longer linked to the service (changed meanwhile) is no choice: "any master" then.
  const master = kept.masterId === ANY ? ANY : (mastersFor(service, masters).find((m) => m.id === kept.masterId) ?? ANY);
  const time = kept.date ? kept.time : null;
  // The visit's other services still offered (a service archived meanwhile is left out), their masters as the first one's.
  const more = (kept.more ?? []).flatMap((part): Part<T>[] => {
    const found = action.services.find((s) => s.id === part.serviceId);
    if (!found) return [];
    const chosen = part.masterId === ANY ? ANY : (mastersFor(found, masters).find((m) => m.id === part.masterId) ?? ANY);
    return [{ service: found, master: chosen }];
  });
  const next = { ...base, masters, service, master, more, masterSkipped: kept.masterSkipped, date: kept.date, time };
  return show(next, wanted === 'details' && !(kept.date && time) ? 'when' : wanted, 'none');
}

export function flowReducer<T extends FlowTypes>(state: FlowState<T>, action: FlowAction<T>): FlowState<T> {
  switch (action.type) {
    case 'restored':
      return restore(state, action);
    case 'linked': {
      const next = { ...state, started: true, masters: action.masters, onlyMaster: action.master, linkDate: action.date };
      return action.service ? pickService(next, action.service, action.masters) : next;
    }
    case 'started':
      return { ...state, started: true };
    case 'repeated': {
      if (action.parts.length === 0) return { ...state, started: true };
      const next = withParts({ ...state, started: true, masters: action.masters, date: null }, action.parts);
      return show(next, next.more.length > 0 || next.masterSkipped ? 'when' : 'master', 'push');
    }
    case 'pickService':
      return state.step === 'service' ? pickService(state, action.service, action.masters) : state;
    case 'addService': {
      if (state.step !== 'add' || !canShow(state, 'add') || partsOf(state).some((part) => part.service.id === action.service.id))
        return state;
      const more = [...state.more, { service: action.service, master: defaultMaster(state, action.service) }];
      return show({ ...state, more, time: null }, 'when', 'push');
    }
    case 'removeItem': {
      const parts = partsOf(state);
      if ((state.step !== 'add' && state.step !== 'when') || parts.length < 2 || !parts[action.index]) return state;
      return withParts(
        state,
        parts.filter((_, index) => index !== action.index),
      );
    }
    case 'pickItemMaster': {
      const parts = partsOf(state);
      const part = parts[action.index];
      const { master } = action;
      if (state.step !== 'when' || !part || (master !== ANY && !mastersFor(part.service, state.masters).some((m) => m.id === master.id)))
        return state;
      parts[action.index] = { ...part, master };
      return { ...withParts(state, parts), masterSkipped: state.masterSkipped };
    }
    case 'pickMaster': {
      const { master } = action;
      if (state.step !== 'master' || (master !== ANY && !eligibleOf(state).some((m) => m.id === master.id))) return state;
      // Another master forgets the day chosen for the one before; a link's day holds for the first choice.
      return show({ ...state, master, date: state.linkDate, linkDate: null, time: null }, 'when', 'push');
    }
    case 'pickDate':
      if (state.step !== 'when') return state;
      return { ...state, date: action.date, time: action.date === state.date ? state.time : null };
    case 'pickTime':
      if (state.step !== 'when' || !state.date) return state;
      return show({ ...state, time: action.time }, 'details', 'push');
    case 'go':
      return canShow(state, action.step) ? show(state, action.step, 'push') : state;
    case 'popped': {
      const { step } = action;
      if (canShow(state, step)) return show(state, step, 'none');
      // Forward into the details after another day was picked: that day's times.
      return show(state, step === 'details' && state.service ? 'when' : 'service', 'none');
    }
    case 'clearMaster':
      return { ...state, onlyMaster: null };
    case 'edit':
      return { ...state, values: action.values, problem: null };
    case 'captcha':
      return { ...state, captchaToken: action.token };
    case 'submitting':
      if (action.problem) return state.step === 'details' ? { ...state, problem: action.problem } : state;
      return { ...state, problem: null, error: null, retaken: null, repriced: null, sending: true };
    case 'taken': {
      const onDetails = state.step === 'details';
      return { ...state, sending: false, retaken: onDetails ? { time: action.time, offered: action.offered } : null };
    }
    case 'pickOffered': {
      const { retaken } = state;
      if (!retaken || !('offered' in retaken) || !retaken.offered.includes(action.time)) return state;
      return { ...state, time: action.time, retaken: { changedTo: action.time }, repriced: null };
    }
    case 'quoted':
      return action.key === quoteKey(state) ? { ...state, quote: { key: action.key, value: action.quote } } : state;
    case 'repriced': {
      const key = quoteKey(state);
      if (!key || state.step !== 'details') return { ...state, sending: false };
      const shown = currentQuote(state);
      const value = repricedQuote(shown, action.quote, action.price);
      const masterTaken = Boolean(shown?.masterId && value.masterId && value.masterId !== shown.masterId);
      return { ...state, sending: false, quote: { key, value }, repriced: { price: action.price, masterTaken } };
    }
    case 'booked':
      return show({ ...state, sending: false, booking: action.booking }, 'done', 'replace');
    case 'failed':
      return {
        ...state,
        sending: false,
        error: state.step === 'details' ? action.error : null,
        captchaReset: state.captchaReset + (action.resetCaptcha ? 1 : 0),
      };
    case 'again': {
      // Name and phone stay for the next booking; the comment was about the first one.
      const values = { ...state.values, notes: '' };
      return show(
        { ...state, booking: null, service: null, master: ANY, more: [], masterSkipped: false, date: null, time: null, values },
        'service',
        'push',
      );
    }
  }
}
