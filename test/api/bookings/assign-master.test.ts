/** Auto-assignment (src/modules/bookings/assign-master.ts), called directly against this engine's database. */
import { describe, expect, it } from 'vitest';
import { autoAssignMaster, masterForBooking } from '../../../src/modules/bookings/assign-master.js';
import { registerBusiness, useTestApp } from '../../helpers/app.js';
import { createMaster, createService } from '../../helpers/catalog.js';

const t = useTestApp();

describe('autoAssignMaster', () => {
  it('is undefined while the business has no master', async () => {
    const owner = await registerBusiness(t);
    expect(await autoAssignMaster(t.database.db, owner.business.id, owner.service.id)).toBeUndefined();
  });

  it('takes the first master linked to the service, not the first master', async () => {
    const owner = await registerBusiness(t);
    const other = await createService(t, owner);
    await createMaster(t, owner, 'Первая', [other.id]);
    const linked = await createMaster(t, owner, 'Вторая', [owner.service.id]);
    await createMaster(t, owner, 'Третья', [owner.service.id]);
    expect(await autoAssignMaster(t.database.db, owner.business.id, owner.service.id)).toBe(linked.id);
  });

  it('with no master linked to the service, takes the first active master; a deleted (archived) one never', async () => {
    const owner = await registerBusiness(t);
    const other = await createService(t, owner);
    const gone = await createMaster(t, owner, 'Ушла', [owner.service.id]);
    const first = await createMaster(t, owner, 'Первая', [other.id]);
    await createMaster(t, owner, 'Вторая', [other.id]);
    expect((await t.op('delete', '/api/v1/masters/{id}', { token: owner.token, path: { id: gone.id } })).statusCode).toBe(204);
    expect(await autoAssignMaster(t.database.db, owner.business.id, owner.service.id)).toBe(first.id);
  });

  it('never answers with another business’s master', async () => {
    const owner = await registerBusiness(t);
    const stranger = await registerBusiness(t);
    await createMaster(t, stranger, 'Чужая', [stranger.service.id]);
    expect(await autoAssignMaster(t.database.db, owner.business.id, owner.service.id)).toBeUndefined();
  });
});

describe('masterForBooking', () => {
  it('the master asked for when of this business (picked false), else auto-assigned (picked true)', async () => {
    const owner = await registerBusiness(t);
    const a = await createMaster(t, owner, 'А');
    const b = await createMaster(t, owner, 'Б');
    const asked = await masterForBooking(t.database.db, owner.business.id, owner.service.id, b.id);
    expect(asked).toMatchObject({ master: { id: b.id }, picked: false });
    const assigned = await masterForBooking(t.database.db, owner.business.id, owner.service.id, null);
    expect(assigned).toMatchObject({ master: { id: a.id }, picked: true });
    const stranger = await registerBusiness(t);
    const foreign = await createMaster(t, stranger, 'Чужая', [stranger.service.id]);
    expect(await masterForBooking(t.database.db, owner.business.id, owner.service.id, foreign.id)).toEqual({
      master: undefined,
      picked: false,
    });
  });
});
