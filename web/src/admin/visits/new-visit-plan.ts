/**
 * The owner's new visit (CONTRACT.md §20, POST /visits), its data: the items after the first resolved to their
 * masters' services, the overlap and the closed time asked about before saving ("Данияр занят 11:00–11:30
 * (Асель). Записать всё равно?", then `force: true`, as the owner's single booking; with strict slots nothing is
 * asked and the server's 409 refuses outright), and the post.
 */
import { useState } from 'preact/hooks';
import { addMinutes, combine } from '@core/wallclock.js';
import { client, type Master } from '../common/state';
import { clashOf, servicesOfMaster, type DayBooking } from '../bookings/owner-rules';
import { closedTimeOf, questionOf, type ClosedTime, type WalkInQuestion } from '../bookings/walk-in-question';

/** An item after the first, as the form holds it (the service defaults to the master's first). */
export interface ExtraItem {
  masterId: number;
  serviceId: number | null;
}

interface PlanService {
  id: number;
  name: string;
  duration: number;
  price: number;
}

/** One item of the visit as it will be booked: its master and that master's service (duration, price). */
export interface PlannedItem {
  masterId: number;
  masterName: string;
  service: PlanService;
}

export type Catalog = readonly PlanService[];

export const servicesFor = (masters: readonly Master[], all: Catalog, masterId: number): readonly PlanService[] =>
  servicesOfMaster(
    masters.find((m) => m.id === masterId),
    all,
    masters,
  );

/** The extra items resolved to services; undefined while one has no service to offer. */
export function planExtra(masters: readonly Master[], all: Catalog, extra: readonly ExtraItem[]): PlannedItem[] | undefined {
  const plan: PlannedItem[] = [];
  for (const item of extra) {
    const services = servicesFor(masters, all, item.masterId);
    const service = services.find((s) => s.id === item.serviceId) ?? services[0];
    if (!service) return undefined;
    plan.push({ masterId: item.masterId, masterName: masters.find((m) => m.id === item.masterId)?.name ?? '', service });
  }
  return plan;
}

/** The first item of the plan that sits on another booking of its master, with that booking. */
export async function visitClash(
  plan: readonly PlannedItem[],
  date: string,
  time: string,
): Promise<{ item: PlannedItem; booking: DayBooking } | undefined> {
  const days = new Map<number, Promise<DayBooking[]>>();
  let at = combine(date, time);
  for (const item of plan) {
    const day = at.slice(0, 10);
    const key = item.masterId;
    if (!days.has(key))
      days.set(key, client.get('/bookings', { query: { date_from: day, date_to: day, master_id: item.masterId, limit: 1000 } }));
    const booking = clashOf(await days.get(key)!, day, at.slice(11, 16), item.service.duration);
    if (booking) return { item, booking };
    at = addMinutes(at, item.service.duration);
  }
  return undefined;
}

/** The first item of the plan that falls in its master's time off (the business's or their own), with that closed part. */
export async function visitClosed(plan: readonly PlannedItem[], date: string, time: string): Promise<ClosedTime | undefined> {
  const starts: string[] = [];
  let at = combine(date, time);
  for (const item of plan) {
    starts.push(at);
    at = addMinutes(at, item.service.duration);
  }
  const parts = await Promise.all(
    plan.map((item, i) => closedTimeOf(item.masterId, starts[i]!.slice(0, 10), starts[i]!.slice(11, 16), item.service.duration)),
  );
  const index = parts.findIndex((part) => part !== undefined);
  return index < 0 ? undefined : { ...parts[index]!, masterName: plan[index]!.masterName };
}

/** POST /visits: the owner's visit, confirmed at once; `force` books over other bookings (not with strict slots). */
export const postVisit = (
  plan: readonly PlannedItem[],
  fields: { date: string; time: string; first_name: string; phone: string; notes: string | null },
  force: boolean,
) =>
  client.post('/visits', {
    body: { items: plan.map((item) => ({ service_id: item.service.id, master_id: item.masterId })), ...fields, force },
  });

export type VisitFields = Parameters<typeof postVisit>[1];

/** The booking an item would sit on, with that item's master's name: what the owner is asked about. */
export type VisitClash = DayBooking & { masterName: string };

/**
 * The form's items after the first (`seed`: "Записать снова" after a visit) and the whole plan with the form's
 * first (`masterId`'s `service`); `book`
 * asks about an overlap first (answering it) unless strict slots are on or the owner was asked already, else posts.
 */
export function useVisitItems(
  masters: Master[],
  all: Catalog,
  seed: ExtraItem[] | undefined,
  masterId: number,
  service: PlanService | undefined,
) {
  const [extra, setExtra] = useState<ExtraItem[]>(seed ?? []);
  const first = service && { masterId, masterName: masters.find((m) => m.id === masterId)?.name ?? '', service };
  const rest = planExtra(masters, all, extra);
  const plan = first && rest && extra.length > 0 ? [first, ...rest] : undefined;
  const book = async (fields: VisitFields, strict: boolean, asked: boolean): Promise<WalkInQuestion | undefined> => {
    if (!plan) return undefined;
    if (!strict && !asked) {
      const [found, closed] = await Promise.all([visitClash(plan, fields.date, fields.time), visitClosed(plan, fields.date, fields.time)]);
      const clash: VisitClash | undefined = found && { ...found.booking, masterName: found.item.masterName };
      const question = questionOf(clash, closed);
      if (question) return question;
    }
    await postVisit(plan, fields, !strict);
    return undefined;
  };
  return { extra, setExtra, plan, book, active: extra.length > 0, masters, all, masterId };
}

export type VisitItems = ReturnType<typeof useVisitItems>;
