/** Schedules: GET /schedule, GET/POST/DELETE /schedule/master/{id}, PUT /schedule/{id} (SPEC.md, CONTRACT.md §4). */
import { describe, expect, it } from 'vitest';
import { registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { book, createMaster, slots } from '../../helpers/catalog.js';
import { expectRefusal } from '../../helpers/refusal.js';
import type { RequestBody } from '../../helpers/typed-call.js';

const t = useTestApp();

type RowBody = RequestBody<'put', '/api/v1/schedule/{id}'>;

const businessWeek = async (owner: RegisteredBusiness) => (await t.op('get', '/api/v1/schedule', { token: owner.token })).data;
const putRow = (owner: RegisteredBusiness, id: number, body: RowBody) =>
  t.op('put', '/api/v1/schedule/{id}', { path: { id }, token: owner.token, body });
/** A body the document refuses (the 400 tests): untyped. */
const putRowRaw = (owner: RegisteredBusiness, id: number, payload: Record<string, unknown>) =>
  t.call({ method: 'PUT', url: `/api/v1/schedule/${id}`, token: owner.token, payload });
const masterWeek = (owner: RegisteredBusiness, masterId: number) =>
  t.op('get', '/api/v1/schedule/master/{master_id}', { path: { master_id: masterId }, token: owner.token });
const createMasterWeek = (owner: RegisteredBusiness, masterId: number) =>
  t.op('post', '/api/v1/schedule/master/{master_id}', { path: { master_id: masterId }, token: owner.token });
const deleteMasterWeek = (owner: RegisteredBusiness, masterId: number) =>
  t.op('delete', '/api/v1/schedule/master/{master_id}', { path: { master_id: masterId }, token: owner.token });

describe('GET /schedule', () => {
  it('answers the 7 business rows, day 0 first, in the row shape', async () => {
    const owner = await registerBusiness(t);
    const week = await businessWeek(owner);
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual({
      id: expect.any(Number),
      business_id: owner.business.id,
      master_id: null,
      day_of_week: 0,
      start_time: '09:00',
      end_time: '18:00',
      break_start_time: '13:00',
      break_end_time: '14:00',
      is_active: true,
    });
    expect(week.map((row) => row.day_of_week)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('master schedules', () => {
  it('POST creates the 7 default master rows (201); a second POST answers 200 []', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    expect((await masterWeek(owner, master.id)).data).toEqual([]);
    const created = await createMasterWeek(owner, master.id);
    expect(created.statusCode).toBe(201);
    expect(
      created.data.map((r) => [r.day_of_week, r.start_time, r.end_time, r.break_start_time, r.break_end_time, r.is_active, r.master_id]),
    ).toEqual([
      [0, '09:00', '18:00', null, null, true, master.id],
      [1, '09:00', '18:00', null, null, true, master.id],
      [2, '09:00', '18:00', null, null, true, master.id],
      [3, '09:00', '18:00', null, null, true, master.id],
      [4, '09:00', '18:00', null, null, true, master.id],
      [5, '09:00', '18:00', null, null, false, master.id],
      [6, '09:00', '18:00', null, null, false, master.id],
    ]);
    expect((await masterWeek(owner, master.id)).data).toEqual(created.data);
    const again = await createMasterWeek(owner, master.id);
    expect(again.statusCode).toBe(200);
    expect(again.data).toEqual([]);
    expect((await masterWeek(owner, master.id)).data).toHaveLength(7);
  });

  it('parallel POSTs (a double click) create one week: one 201, the others 200 []', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const responses = await Promise.all(Array.from({ length: 8 }, () => createMasterWeek(owner, master.id)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect((await masterWeek(owner, master.id)).data).toHaveLength(7);
  });

  it('DELETE removes the master rows (204); the master falls back to the business schedule', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const [monday] = (await createMasterWeek(owner, master.id)).data;
    await putRow(owner, monday!.id, { start_time: '12:00', end_time: '20:00' });
    expect((await slots(t, owner.business.slug, '2026-11-23', master.id)).data).toEqual({
      work_start: '12:00',
      work_end: '20:00',
      busy_intervals: [],
    });

    const deleted = await deleteMasterWeek(owner, master.id);
    expect(deleted.statusCode).toBe(204);
    expect((await masterWeek(owner, master.id)).data).toEqual([]);
    expect((await slots(t, owner.business.slug, '2026-11-23', master.id)).data).toEqual({
      work_start: '09:00',
      work_end: '18:00',
      busy_intervals: [['13:00', '14:00']],
    });
    expect(await businessWeek(owner)).toHaveLength(7);
  });

  it("another business's master is 404 on GET, POST and DELETE, and its rows stay", async () => {
    const [a, b] = [await registerBusiness(t), await registerBusiness(t)];
    const master = await createMaster(t, a);
    await createMasterWeek(a, master.id);
    for (const send of [masterWeek, createMasterWeek, deleteMasterWeek]) {
      const response = await send(b, master.id);
      expect(response.statusCode).toBe(404);
      expect(response.problem).toEqual({ detail: 'Master not found', code: 'not_found' });
    }
    expect((await masterWeek(a, master.id)).data).toHaveLength(7);
  });

  it('a non-numeric master id is 400', async () => {
    const owner = await registerBusiness(t);
    const response = await t.call({ method: 'GET', url: '/api/v1/schedule/master/abc', token: owner.token });
    expectRefusal(response, 'invalid_input');
    expect(response.data.errors).toEqual([expect.objectContaining({ field: 'master_id' })]);
  });
});

describe('PUT /schedule/{id}', () => {
  it('accepts snake_case', async () => {
    const owner = await registerBusiness(t);
    const [monday] = await businessWeek(owner);
    const response = await putRow(owner, monday!.id, {
      start_time: '08:00',
      end_time: '20:30',
      break_start_time: '12:00',
      break_end_time: '12:30',
      is_active: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({
      ...monday,
      start_time: '08:00',
      end_time: '20:30',
      break_start_time: '12:00',
      break_end_time: '12:30',
      is_active: false,
    });
  });

  it('accepts camelCase', async () => {
    const owner = await registerBusiness(t);
    const [, tuesday] = await businessWeek(owner);
    const response = await putRow(owner, tuesday!.id, {
      startTime: '10:00',
      endTime: '19:00',
      breakStartTime: '15:00',
      breakEndTime: '15:15',
      isActive: false,
    });
    expect(response.data).toEqual({
      ...tuesday,
      start_time: '10:00',
      end_time: '19:00',
      break_start_time: '15:00',
      break_end_time: '15:15',
      is_active: false,
    });
  });

  it('null break fields remove the break', async () => {
    const owner = await registerBusiness(t);
    const [monday] = await businessWeek(owner);
    const response = await putRow(owner, monday!.id, { breakStartTime: null, break_end_time: null });
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({ break_start_time: null, break_end_time: null });
    expect((await slots(t, owner.business.slug, '2026-11-23')).data.busy_intervals).toEqual([]);
  });

  it('a partial body changes only what it names; an empty one nothing', async () => {
    const owner = await registerBusiness(t);
    const [monday] = await businessWeek(owner);
    expect((await putRow(owner, monday!.id, { end_time: '17:00' })).data).toEqual({ ...monday, end_time: '17:00' });
    expect((await putRow(owner, monday!.id, {})).data).toEqual({ ...monday, end_time: '17:00' });
  });

  it('24:00 is a valid time; there is no start < end check (SPEC.md)', async () => {
    const owner = await registerBusiness(t);
    const [monday, tuesday] = await businessWeek(owner);
    expect((await putRow(owner, monday!.id, { start_time: '20:00', end_time: '24:00' })).data).toMatchObject({
      start_time: '20:00',
      end_time: '24:00',
    });
    const inverted = await putRow(owner, tuesday!.id, {
      start_time: '18:00',
      end_time: '09:00',
      break_start_time: '20:00',
      break_end_time: '19:00',
    });
    expect(inverted.statusCode).toBe(200);
    expect(inverted.data).toMatchObject({ start_time: '18:00', end_time: '09:00' });
  });

  it.each([
    ['start_time', { start_time: '9:00' }],
    ['end_time', { end_time: '24:01' }],
    ['startTime', { startTime: '25:00' }],
    ['break_start_time', { break_start_time: '12:60' }],
    ['is_active', { is_active: 'maybe' }],
    ['end_time', { end_time: 900 }],
  ])('an invalid %s is 400 naming it', async (field, payload) => {
    const owner = await registerBusiness(t);
    const [monday] = await businessWeek(owner);
    const response = await putRowRaw(owner, monday!.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.data.errors[0].field).toBe(field);
    expect((await businessWeek(owner))[0]).toEqual(monday);
  });

  it('updates a master row too', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const [, , , , , saturday] = (await createMasterWeek(owner, master.id)).data;
    expect((await putRow(owner, saturday!.id, { isActive: true, startTime: '10:00', endTime: '16:00' })).data).toMatchObject({
      master_id: master.id,
      is_active: true,
      start_time: '10:00',
    });
    expect((await slots(t, owner.business.slug, '2026-11-28', master.id)).data).toEqual({
      work_start: '10:00',
      work_end: '16:00',
      busy_intervals: [],
    });
  });

  it("another business's row is 404 and unchanged; an unknown id is 404", async () => {
    const [a, b] = [await registerBusiness(t), await registerBusiness(t)];
    const [monday] = await businessWeek(a);
    const response = await putRow(b, monday!.id, { start_time: '00:00' });
    expect(response.statusCode).toBe(404);
    expect(response.problem).toEqual({ detail: 'Schedule not found', code: 'not_found' });
    expect((await businessWeek(a))[0]).toEqual(monday);
    expect((await putRow(b, 2147483647, {})).statusCode).toBe(404);
  });

  it('changes do not touch existing bookings', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const booking = await book(t, owner, { date: '2026-11-23', time: '10:00' });
    const [monday] = await businessWeek(owner);
    await putRow(owner, monday!.id, { is_active: false });
    const after = await t.op('get', '/api/v1/bookings/{id}', { path: { id: booking.id }, token: owner.token });
    expect(after.data).toMatchObject({ status: 'pending', start_at: '2026-11-23T10:00:00', end_at: '2026-11-23T11:00:00' });
  });

  it('needs a provider token', async () => {
    expect((await t.op('get', '/api/v1/schedule')).statusCode).toBe(401);
    expect((await t.op('put', '/api/v1/schedule/{id}', { path: { id: 1 }, body: {} })).statusCode).toBe(401);
  });
});

describe('hours_saved (issue #35: the setup card counts hours the owner set, not the defaults)', () => {
  it('is false after registration and true from the first PUT /schedule/{id} on, an empty body (confirming the day) included', async () => {
    const owner = await registerBusiness(t);
    const business = async () => (await t.op('get', '/api/v1/business', { token: owner.token })).data;
    expect((await business()).hours_saved).toBe(false);
    const week = await businessWeek(owner);
    expect((await putRow(owner, week[0]!.id, {})).statusCode).toBe(200);
    expect((await business()).hours_saved).toBe(true);
    expect(await businessWeek(owner)).toEqual(week);
    const other = await registerBusiness(t);
    expect((await t.op('get', '/api/v1/business', { token: other.token })).data.hours_saved).toBe(false);
  });
});
