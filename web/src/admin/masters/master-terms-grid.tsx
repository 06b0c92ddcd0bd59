/**
 * Masters × services on one screen (CONTRACT.md §17): each cell is that master's own price and
 * duration for the service; a blank cell takes the service's (shown as the placeholder). One save
 * sends the changed cells only (PUT /masters/{id}/services/{service_id}).
 */
import { useState } from 'preact/hooks';
import { ErrorBox, SaveRow, generalError, useAction } from '@shared/panel-ui';
import { useRulesT } from '../common/rules-messages';
import { client, type Master, type Service } from '../common/state';

type Cell = { price: string; duration: string };
const keyOf = (masterId: number, serviceId: number) => `${masterId}:${serviceId}`;

/** The cell as the server has it: blank where the master's value is the service's. */
function cellOf(item: Master['services'][number]): Cell {
  return {
    price: item.price === item.base_price ? '' : String(item.price),
    duration: item.duration === item.base_duration ? '' : String(item.duration),
  };
}

/** The body of one cell: a blank field removes the master's own value. */
export const termsBody = (cell: Cell) => ({
  price: cell.price.trim() === '' ? null : Number(cell.price),
  duration: cell.duration.trim() === '' ? null : Number(cell.duration),
});

export function MasterTermsGrid(props: { masters: Master[]; services: Service[]; onSaved: () => void }) {
  const t = useRulesT();
  const [edits, setEdits] = useState<Record<string, Cell>>({});
  const [saved, setSaved] = useState(false);
  const save = useAction(async () => {
    for (const [key, cell] of Object.entries(edits)) {
      const [id, serviceId] = key.split(':').map(Number) as [number, number];
      await client.put('/masters/{id}/services/{service_id}', { path: { id, service_id: serviceId }, body: termsBody(cell) });
    }
    setEdits({});
    setSaved(true);
    props.onSaved();
  });
  if (props.masters.length === 0 || props.services.length === 0) return <p class="muted">{t('termsEmpty')}</p>;
  const edit = (master: Master, item: Master['services'][number], field: keyof Cell, value: string) => {
    setSaved(false);
    const key = keyOf(master.id, item.id);
    setEdits((all) => ({ ...all, [key]: { ...(all[key] ?? cellOf(item)), [field]: value } }));
  };
  return (
    <form
      data-testid="terms-grid"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <p class="muted" style="margin-top:0;font-size:.9rem">
        {t('termsHelp')}
      </p>
      <ErrorBox error={generalError(save.error)} />
      <div class="terms-scroll">
        <table class="terms-grid">
          <thead>
            <tr>
              <th />
              {props.services.map((service) => (
                <th key={service.id} scope="col">
                  {service.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.masters.map((master) => (
              <tr key={master.id}>
                <th scope="row">{master.name}</th>
                {props.services.map((service) => {
                  const item = master.services.find((s) => s.id === service.id);
                  if (!item)
                    return (
                      <td key={service.id} class="muted terms-off">
                        {t('termsNotDone')}
                      </td>
                    );
                  const cell = edits[keyOf(master.id, service.id)] ?? cellOf(item);
                  const names = { master: master.name, service: service.name };
                  return (
                    <td key={service.id}>
                      <input
                        class="input terms-input"
                        type="number"
                        min={0}
                        step="any"
                        inputMode="decimal"
                        placeholder={String(item.base_price)}
                        aria-label={t('termsPrice', names)}
                        value={cell.price}
                        onInput={(e) => edit(master, item, 'price', (e.target as HTMLInputElement).value)}
                      />
                      <input
                        class="input terms-input"
                        type="number"
                        min={1}
                        inputMode="numeric"
                        placeholder={`${item.base_duration}′`}
                        aria-label={t('termsDuration', names)}
                        value={cell.duration}
                        onInput={(e) => edit(master, item, 'duration', (e.target as HTMLInputElement).value)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SaveRow label={t('termsSave')} savedText={t('termsSaved')} busy={save.busy} saved={saved} style="margin-top:12px" />
    </form>
  );
}
