/**
 * The booking flow's step machine (web/src/booking/flow-state.ts): what each choice does to the steps
 * and to what was chosen before, and, for any sequence of actions, the rules the page relies on.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canShow,
  currentQuote,
  eligibleOf,
  flowReducer,
  initialFlow,
  isVisit,
  keptOf,
  partsOf,
  previousStep,
  quoteKey,
  servicesToAdd,
  type FlowAction,
  type FlowState,
  type KeptChoices,
  type Step,
} from '../../web/src/booking/flow-state.js';
import { ANY } from '../../web/src/booking/masters.js';

interface Flow {
  service: { id: number; name: string };
  master: { id: number; name: string; services: { id: number }[] };
  booking: { id: string };
}
type State = FlowState<Flow>;
type Action = FlowAction<Flow>;

const cut = { id: 1, name: 'Стрижка' };
const nails = { id: 2, name: 'Маникюр' };
const brows = { id: 3, name: 'Брови' }; // linked to nobody: every master does it
const SERVICES = [cut, nails, brows];
const aliya = { id: 10, name: 'Алия', services: [{ id: 1 }] };
const dana = { id: 11, name: 'Дана', services: [{ id: 1 }, { id: 2 }] };
const saule = { id: 12, name: 'Сауле', services: [] };
const MASTERS = [aliya, dana, saule];
const STEPS: Step[] = ['service', 'master', 'when', 'details', 'done'];
const values = { firstName: 'Асель', phone: '8 701 123 45 67', notes: '' };

const run = (actions: Action[], from: State = initialFlow<Flow>()) => actions.reduce(flowReducer<Flow>, from);
const pick = (service: Flow['service']): Action => ({ type: 'pickService', service, masters: MASTERS });
const masterId = (state: State) => (state.master === ANY ? ANY : state.master.id);

describe('choosing', () => {
  it('a service two masters do opens the master step with nobody chosen; Back leads to the services', () => {
    const state = run([{ type: 'started' }, pick(cut)]);
    expect(state).toMatchObject({ step: 'master', service: cut, master: ANY, masterSkipped: false, date: null, time: null });
    expect(state.move).toEqual({ count: 1, entry: 'push' });
    expect(eligibleOf(state).map((m) => m.id)).toEqual([10, 11]);
    expect(previousStep(state)).toBe('service');
  });

  it('a service one master does takes that master and skips the step: Back from the day goes to the services', () => {
    const state = run([pick(nails)]);
    expect(state).toMatchObject({ step: 'when', master: dana, masterSkipped: true });
    expect(previousStep(state)).toBe('service');
  });

  it('another master forgets the day and the time chosen for the one before', () => {
    const chosen = run([
      pick(cut),
      { type: 'pickMaster', master: aliya },
      { type: 'pickDate', date: '2026-11-24' },
      { type: 'pickTime', time: '10:00' },
    ]);
    expect(chosen).toMatchObject({ step: 'details', date: '2026-11-24', time: '10:00' });
    const back = run(
      [
        { type: 'popped', step: 'when' },
        { type: 'popped', step: 'master' },
        { type: 'pickMaster', master: dana },
      ],
      chosen,
    );
    expect(back).toMatchObject({ step: 'when', master: dana, date: null, time: null });
  });

  it('a master who does not do the service is no choice', () => {
    const state = run([pick(nails), { type: 'go', step: 'master' }]);
    expect(run([{ type: 'pickMaster', master: aliya }], state)).toBe(state);
  });

  it('another day forgets the time; the same day keeps it', () => {
    const chosen = run([
      pick(nails),
      { type: 'pickDate', date: '2026-11-24' },
      { type: 'pickTime', time: '10:00' },
      { type: 'popped', step: 'when' },
    ]);
    expect(run([{ type: 'pickDate', date: '2026-11-24' }], chosen).time).toBe('10:00');
    const other = run([{ type: 'pickDate', date: '2026-11-25' }], chosen);
    expect(other.time).toBeNull();
    // Forward into the details now lands on that day's times.
    expect(run([{ type: 'popped', step: 'details' }], other).step).toBe('when');
  });

  it("a link's master narrows the choice to them, and its date goes to the first service picked only", () => {
    const linked = run([{ type: 'linked', masters: MASTERS, service: null, master: dana, date: '2026-11-26' }]);
    expect(linked).toMatchObject({ step: 'service', started: true, onlyMaster: dana, linkDate: '2026-11-26' });
    const first = run([pick(cut)], linked);
    expect(first).toMatchObject({ step: 'when', master: dana, masterSkipped: true, date: '2026-11-26', linkDate: null });
    const again = run([{ type: 'popped', step: 'service' }, { type: 'clearMaster' }, pick(cut)], first);
    expect(again).toMatchObject({ step: 'master', master: ANY, date: null });
  });

  it("a link's date holds through the master step, for «any master» or a named one; the next master chosen forgets it", () => {
    const linked = run([{ type: 'linked', masters: MASTERS, service: cut, master: null, date: '2026-12-14' }]);
    expect(linked).toMatchObject({ step: 'master', masterSkipped: false });
    expect(run([{ type: 'pickMaster', master: ANY }], linked)).toMatchObject({ step: 'when', master: ANY, date: '2026-12-14' });
    const named = run([{ type: 'pickMaster', master: aliya }], linked);
    expect(named).toMatchObject({ step: 'when', master: aliya, date: '2026-12-14', linkDate: null });
    const other = run(
      [
        { type: 'popped', step: 'master' },
        { type: 'pickMaster', master: dana },
      ],
      named,
    );
    expect(other).toMatchObject({ step: 'when', master: dana, date: null });
  });
});

describe('sending', () => {
  const details = run([pick(nails), { type: 'pickDate', date: '2026-11-24' }, { type: 'pickTime', time: '10:00' }]);

  it('a missing detail stops the sending; typing clears the problem', () => {
    const stopped = run([{ type: 'submitting', problem: 'needPhone' }], details);
    expect(stopped).toMatchObject({ problem: 'needPhone', sending: false });
    expect(run([{ type: 'edit', values }], stopped)).toMatchObject({ problem: null, values });
  });

  it('a time taken meanwhile offers others; only an offered one is taken, with a note of the change', () => {
    const taken = run(
      [
        { type: 'submitting', problem: null },
        { type: 'taken', time: '10:00', offered: ['09:45', '10:15'] },
      ],
      details,
    );
    expect(taken).toMatchObject({ sending: false, retaken: { time: '10:00', offered: ['09:45', '10:15'] }, time: '10:00' });
    expect(run([{ type: 'pickOffered', time: '11:00' }], taken)).toBe(taken);
    expect(run([{ type: 'pickOffered', time: '10:15' }], taken)).toMatchObject({ time: '10:15', retaken: { changedTo: '10:15' } });
  });

  it('a refusal shows its message and asks the captcha for a new token', () => {
    const failed = run(
      [
        { type: 'submitting', problem: null },
        { type: 'failed', error: 'Время занято', resetCaptcha: true },
      ],
      details,
    );
    expect(failed).toMatchObject({ sending: false, error: 'Время занято', captchaReset: 1 });
  });

  it("the success screen takes the details' entry; «Записаться ещё» starts over with nothing chosen", () => {
    const done = run(
      [
        { type: 'submitting', problem: null },
        { type: 'booked', booking: { id: 'b1' } },
      ],
      details,
    );
    expect(done).toMatchObject({ step: 'done', sending: false, booking: { id: 'b1' }, move: { entry: 'replace' } });
    expect(previousStep(done)).toBeNull();
    // «Исправить номер»: back to the details with every choice kept.
    expect(run([{ type: 'go', step: 'details' }], done)).toMatchObject({ step: 'details', time: '10:00', values: details.values });
    const again = run([{ type: 'again' }], done);
    expect(again).toMatchObject({ step: 'service', service: null, booking: null, date: null, time: null, master: ANY });
    expect(run([{ type: 'popped', step: 'done' }], again).step).toBe('service');
  });

  it("«Записаться ещё раз» keeps the name and phone, not the first booking's comment (issue #49)", () => {
    const typed = run([{ type: 'edit', values: { ...values, notes: 'Аллергия на краску' } }], details);
    const done = run(
      [
        { type: 'submitting', problem: null },
        { type: 'booked', booking: { id: 'b1' } },
      ],
      typed,
    );
    expect(run([{ type: 'again' }], done).values).toEqual({ ...values, notes: '' });
  });

  it('the quote belongs to the choice it was read for; price_changed replaces it, read again, until the choice changes', () => {
    const key = `${nails.id}|${dana.id}|2026-11-24|10:00`;
    expect(details.master).toBe(dana);
    expect(run([{ type: 'quoted', key: 'stale', quote: { masterId: 11, price: 1 } }], details).quote).toBeNull();
    const quoted = run([{ type: 'quoted', key, quote: { masterId: 11, price: 7000 } }], details);
    expect(currentQuote(quoted)).toEqual({ masterId: 11, price: 7000 });
    const repriced = run(
      [
        { type: 'submitting', problem: null },
        { type: 'repriced', price: 8000, quote: null },
      ],
      quoted,
    );
    expect(repriced).toMatchObject({ sending: false, repriced: { price: 8000, masterTaken: false } });
    // The master named before may be the one who was taken: unread again, nobody is named.
    expect(currentQuote(repriced)).toEqual({ masterId: null, price: 8000 });
    const reread = (quote: { masterId: number; price: number }) => currentQuote(run([{ type: 'repriced', price: 8000, quote }], quoted));
    expect(reread({ masterId: 12, price: 8000 })).toEqual({ masterId: 12, price: 8000 });
    expect(reread({ masterId: 12, price: 9000 })).toEqual({ masterId: null, price: 8000 });
    // Read again, another master than the one named: the page says the named one was taken, not only that the price changed.
    const taken = (quote: { masterId: number; price: number }) => run([{ type: 'repriced', price: 8000, quote }], quoted).repriced;
    expect(taken({ masterId: 12, price: 8000 })).toEqual({ price: 8000, masterTaken: true });
    expect(taken({ masterId: 11, price: 8000 })).toEqual({ price: 8000, masterTaken: false });
    const moved = run(
      [
        { type: 'taken', time: '10:00', offered: ['10:15'] },
        { type: 'pickOffered', time: '10:15' },
      ],
      repriced,
    );
    expect(moved.repriced).toBeNull();
    expect(currentQuote(moved)).toBeUndefined();
  });
});

describe('a reload', () => {
  const kept: KeptChoices = { serviceId: 1, masterId: 11, masterSkipped: false, date: '2026-11-24', time: '10:00', values };

  it('comes back to the step of its history entry with what was chosen and typed', () => {
    const state = run([{ type: 'restored', kept, services: SERVICES, masters: MASTERS, wanted: 'details' }]);
    expect(state).toMatchObject({ step: 'details', started: true, service: cut, master: dana, date: '2026-11-24', time: '10:00', values });
    expect(state.move.entry).toBe('none');
  });

  it('keeps no time without its day, and no master who no longer does the service', () => {
    const odd = { ...kept, masterId: 12, date: null };
    const state = run([{ type: 'restored', kept: odd, services: SERVICES, masters: MASTERS, wanted: 'details' }]);
    expect(state).toMatchObject({ step: 'when', master: ANY, date: null, time: null });
  });

  it('on the services, or with a service gone, keeps only what was typed', () => {
    for (const [service, wanted] of [
      [1, 'service'],
      [99, 'details'],
    ] as const) {
      const state = run([{ type: 'restored', kept: { ...kept, serviceId: service }, services: SERVICES, masters: MASTERS, wanted }]);
      expect(state).toMatchObject({ step: 'service', service: null, values });
    }
  });
});

const day = fc.constantFrom('2026-11-24', '2026-11-25', '2026-11-26');
const hour = fc.constantFrom('09:00', '10:00', '10:15', '17:30');
const step = fc.constantFrom(...STEPS);
const service = fc.constantFrom(...SERVICES);
const master = fc.constantFrom(...MASTERS);
/** The choices of the steps weigh most, so that sequences often get as far as the details and back. */
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: service.map((s): Action => pick(s)), weight: 3 },
  { arbitrary: fc.oneof(master, fc.constant(ANY)).map((m): Action => ({ type: 'pickMaster', master: m })), weight: 3 },
  { arbitrary: day.map((date): Action => ({ type: 'pickDate', date })), weight: 5 },
  { arbitrary: hour.map((time): Action => ({ type: 'pickTime', time })), weight: 4 },
  { arbitrary: step.map((s): Action => ({ type: 'go', step: s })), weight: 2 },
  { arbitrary: step.map((s): Action => ({ type: 'popped', step: s })), weight: 3 },
  fc
    .record({ service: fc.option(service), master: fc.option(master), date: fc.option(day) })
    .map((link): Action => ({ type: 'linked', masters: MASTERS, ...link })),
  fc
    .record({
      serviceId: fc.constantFrom(1, 2, 3, 99),
      masterId: fc.constantFrom(ANY, 10, 11, 12, 99),
      masterSkipped: fc.boolean(),
      date: fc.option(day),
      time: fc.option(hour),
      wanted: fc.option(step),
    })
    .map(({ wanted, ...kept }): Action => ({ type: 'restored', kept: { ...kept, values }, services: SERVICES, masters: MASTERS, wanted })),
  fc.constantFrom<Action>(
    { type: 'started' },
    { type: 'clearMaster' },
    { type: 'edit', values },
    { type: 'captcha', token: 'token' },
    { type: 'submitting', problem: null },
    { type: 'submitting', problem: 'needName' },
    { type: 'booked', booking: { id: 'b1' } },
    { type: 'failed', error: 'Ошибка', resetCaptcha: true },
    { type: 'again' },
  ),
  fc.tuple(hour, fc.subarray(['09:00', '10:00', '10:15', '17:30'])).map(([time, offered]): Action => ({ type: 'taken', time, offered })),
  hour.map((time): Action => ({ type: 'pickOffered', time })),
);

/** Every state the reducer reaches from the start, with the action that led to it. */
function* walk(actions: Action[]): Generator<[State, Action, State]> {
  let state = initialFlow<Flow>();
  for (const next of actions) {
    const after = flowReducer(state, next);
    yield [state, next, after];
    state = after;
  }
}

describe('any sequence of actions', () => {
  const sequences = fc.array(action, { maxLength: 40 });

  it('keeps a chosen time with its day, and shows a step only with what it needs', () => {
    fc.assert(
      fc.property(sequences, (actions) => {
        for (const [, , state] of walk(actions)) {
          if (state.time !== null) expect(state.date).not.toBeNull();
          expect(canShow(state, state.step)).toBe(true);
          // The master is "any" or one who does the service.
          if (state.master !== ANY) expect(eligibleOf(state).map((m) => m.id)).toContain(state.master.id);
          // What a step says about sending (a problem, an error, a taken time) is said on the details only.
          if (state.problem || state.error || state.retaken) expect(state.step).toBe('details');
        }
      }),
      { numRuns: 400 },
    );
  });

  it('never keeps a time for another master, another service or another day', () => {
    fc.assert(
      fc.property(sequences, (actions) => {
        for (const [before, done, after] of walk(actions)) {
          if (done.type === 'restored' || after.time === null) continue;
          expect(masterId(after)).toBe(masterId(before));
          expect(after.service).toBe(before.service);
          expect(after.date).toBe(before.date);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('every change of step is a move the page scrolls for; only a move forward makes a history entry', () => {
    fc.assert(
      fc.property(sequences, (actions) => {
        for (const [before, done, after] of walk(actions)) {
          if (after.step !== before.step) expect(after.move.count).toBe(before.move.count + 1);
          if (after.move.count !== before.move.count && after.move.entry !== 'none') {
            expect(['pickService', 'linked', 'pickMaster', 'pickTime', 'go', 'booked', 'again']).toContain(done.type);
          }
          if (done.type === 'popped' || done.type === 'restored')
            expect(after.move.entry === 'none' || after.move === before.move).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a reload rebuilds the same step and choices from what the tab kept', () => {
    fc.assert(
      fc.property(sequences, (actions) => {
        const state = run(actions);
        fc.pre(state.step === 'master' || state.step === 'when' || state.step === 'details');
        const reloaded = run([{ type: 'restored', kept: keptOf(state), services: SERVICES, masters: MASTERS, wanted: state.step }]);
        expect(keptOf(reloaded)).toEqual(keptOf(state));
        expect(reloaded.step).toBe(state.step);
      }),
      { numRuns: 400 },
    );
  });
});

describe('a visit of several services (CONTRACT.md §20)', () => {
  const toAdd = (): State => run([{ type: 'started' }, pick(cut), { type: 'go', step: 'add' }]);

  it('"+ ещё услуга" adds a service with "any master" and goes to the times; up to 5 services', () => {
    const state = run([{ type: 'addService', service: brows }], toAdd());
    expect(state).toMatchObject({ step: 'when', service: cut, master: ANY, more: [{ service: brows, master: ANY }], time: null });
    expect(isVisit(state)).toBe(true);
    expect(partsOf(state).map((part) => part.service.id)).toEqual([1, 3]);
    let full = state;
    for (const service of [nails, { id: 4, name: 'Воск' }, { id: 5, name: 'Укладка' }])
      full = run(
        [
          { type: 'go', step: 'add' },
          { type: 'addService', service },
        ],
        full,
      );
    expect(partsOf(full)).toHaveLength(5);
    expect(canShow(full, 'add')).toBe(false);
    expect(run([{ type: 'go', step: 'add' }], full).step).toBe('when');
  });

  it('a service already in the visit is neither offered nor added again (a double tap on the first service lands on "+ ещё услуга")', () => {
    const state = toAdd();
    expect(servicesToAdd(state, SERVICES)).toEqual([nails, brows]);
    expect(run([{ type: 'addService', service: cut }], state)).toBe(state);
    const added = run(
      [
        { type: 'addService', service: brows },
        { type: 'go', step: 'add' },
      ],
      state,
    );
    expect(servicesToAdd(added, SERVICES)).toEqual([nails]);
  });

  it('a master\'s link keeps that master for the services they do, "any master" for the others', () => {
    const linked = run([
      { type: 'linked', masters: MASTERS, service: cut, master: dana, date: null },
      { type: 'go', step: 'add' },
    ]);
    const state = run(
      [
        { type: 'addService', service: nails },
        { type: 'go', step: 'add' },
        { type: 'addService', service: brows },
      ],
      linked,
    );
    expect(state.more.map((part) => (part.master === ANY ? ANY : part.master.id))).toEqual([11, 11]);
    const other = run(
      [
        { type: 'go', step: 'add' },
        { type: 'addService', service: nails },
      ],
      run([{ type: 'started' }, pick(cut), { type: 'go', step: 'add' }, { type: 'addService', service: brows }]),
    );
    expect(other.more.map((part) => part.master)).toEqual([ANY, ANY]);
  });

  it('each item takes its own master on the times step; a master who does not do it is ignored; the time goes', () => {
    const state = run(
      [
        { type: 'addService', service: nails },
        { type: 'pickDate', date: '2026-11-24' },
        { type: 'pickTime', time: '10:00' },
        { type: 'go', step: 'when' },
      ],
      toAdd(),
    );
    expect(state.time).toBe('10:00');
    const chosen = run([{ type: 'pickItemMaster', index: 1, master: dana }], state);
    expect(chosen.more[0]!.master).toBe(dana);
    expect(chosen).toMatchObject({ time: null, date: '2026-11-24' });
    expect(run([{ type: 'pickItemMaster', index: 1, master: aliya }], chosen)).toBe(chosen);
    expect(run([{ type: 'pickItemMaster', index: 0, master: aliya }], chosen).master).toBe(aliya);
  });

  it('an item removed, the first one too: the next becomes the first; one left is a single booking again', () => {
    const state = run(
      [
        { type: 'addService', service: nails },
        { type: 'go', step: 'add' },
        { type: 'addService', service: brows },
      ],
      toAdd(),
    );
    const second = run([{ type: 'removeItem', index: 0 }], state);
    expect(partsOf(second).map((part) => part.service.id)).toEqual([2, 3]);
    const single = run([{ type: 'removeItem', index: 1 }], second);
    expect(partsOf(single).map((part) => part.service.id)).toEqual([2]);
    expect(isVisit(single)).toBe(false);
    expect(run([{ type: 'removeItem', index: 0 }], single)).toBe(single);
  });

  it('the quote key names every item and its master; a reload and Back keep the items', () => {
    const state = run(
      [
        { type: 'addService', service: nails },
        { type: 'pickDate', date: '2026-11-24' },
        { type: 'pickTime', time: '10:00' },
      ],
      toAdd(),
    );
    expect(quoteKey(state)).toBe('1|any+2|any|2026-11-24|10:00');
    const kept = keptOf(state);
    expect(kept.more).toEqual([{ serviceId: 2, masterId: ANY }]);
    const reloaded = run([
      { type: 'restored', kept: JSON.parse(JSON.stringify(kept)) as KeptChoices, services: SERVICES, masters: MASTERS, wanted: 'details' },
    ]);
    expect(reloaded).toMatchObject({ step: 'details', service: cut, more: [{ service: nails, master: ANY }], time: '10:00' });
    const back = run(
      [
        { type: 'popped', step: 'when' },
        { type: 'popped', step: 'add' },
      ],
      state,
    );
    expect(back.step).toBe('add');
    expect(partsOf(back)).toHaveLength(2);
    // «Записаться ещё раз» starts over with one service.
    expect(run([{ type: 'booked', booking: { id: 'b' } }, { type: 'again' }], state).more).toEqual([]);
  });

  it('«Записаться снова» of a visit opens its times with its services and masters', () => {
    const state = run([
      {
        type: 'repeated',
        masters: MASTERS,
        parts: [
          { service: cut, master: aliya },
          { service: nails, master: ANY },
        ],
      },
    ]);
    expect(state).toMatchObject({ started: true, step: 'when', service: cut, master: aliya, more: [{ service: nails, master: ANY }] });
  });
});
