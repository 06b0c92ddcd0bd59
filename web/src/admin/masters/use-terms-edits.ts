/**
 * The grid's unsaved edits and their save: one save sends the changed cells only
 * (PUT /masters/{id}/services/{service_id}), four at a time; a cell that fails keeps its edit and
 * shows why; reloaded masters drop the edits the server now holds.
 */
import { useEffect, useState } from 'preact/hooks';
import { generalError, useAction } from '@shared/panel-ui';
import { client, type Master } from '../common/state';
import { applyRowChange, cellChanged, cellOf, settleLimited, termsBody, type Cell } from './terms-tool';

export const keyOf = (masterId: number, serviceId: number) => `${masterId}:${serviceId}`;
/** How many cells are saved at once. */
const SAVE_CONCURRENCY = 4;

type Item = Master['services'][number];

const itemIn = (masters: Master[], key: string): Item | undefined => {
  const [id, serviceId] = key.split(':').map(Number) as [number, number];
  return masters.find((m) => m.id === id)?.services.find((s) => s.id === serviceId);
};

export function useTermsEdits(masters: Master[], onSaved: () => void) {
  const [edits, setEdits] = useState<Record<string, Cell>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(0);
  const [saved, setSaved] = useState(false);
  const save = useAction(async () => {
    const changed = Object.entries(edits).flatMap(([key, cell]) => {
      const item = itemIn(masters, key);
      return item && cellChanged(cell, item) ? [{ key, cell, path: { id: Number(key.split(':')[0]), service_id: item.id } }] : [];
    });
    const outcome = await settleLimited(changed, SAVE_CONCURRENCY, ({ path, cell }) =>
      client.put('/masters/{id}/services/{service_id}', { path, body: termsBody(cell) }),
    );
    const why: Record<string, string> = {};
    changed.forEach(({ key }, index) => {
      if (outcome[index] !== undefined) why[key] = generalError(outcome[index]) ?? '';
    });
    const failures = Object.keys(why).length;
    // Every edit stays on screen (a saved one shows what was saved) until the reloaded masters replace it.
    setErrors(why);
    setFailed(failures);
    setSaved(failures === 0);
    if (failures < changed.length) onSaved();
  });
  // Reloaded masters: an edit the server now holds is no edit any more.
  useEffect(() => {
    setEdits((all) => {
      const left = Object.entries(all).filter(([key, cell]) => {
        const item = itemIn(masters, key);
        return item !== undefined && cellChanged(cell, item);
      });
      return left.length === Object.keys(all).length ? all : Object.fromEntries(left);
    });
  }, [masters]);
  const edit = (master: Master, item: Item, field: keyof Cell, value: string) => {
    setSaved(false);
    const key = keyOf(master.id, item.id);
    setEdits((all) => ({ ...all, [key]: { ...(all[key] ?? cellOf(item)), [field]: value } }));
  };
  const applyRow = (master: Master, percent: number | null, minutes: number | null) => {
    if (percent === null && minutes === null) return;
    setSaved(false);
    setEdits((all) => {
      const next = { ...all };
      for (const item of master.services) {
        const key = keyOf(master.id, item.id);
        next[key] = applyRowChange(all[key] ?? cellOf(item), item, { percent, minutes });
      }
      return next;
    });
  };
  const cellAt = (master: Master, item: Item): Cell => edits[keyOf(master.id, item.id)] ?? cellOf(item);
  return { save, saved, failed, errors, edit, applyRow, cellAt };
}
