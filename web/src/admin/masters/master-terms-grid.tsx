/**
 * Masters × services on one screen (CONTRACT.md §17): each cell is that master's own price and
 * duration for the service; a blank cell takes the service's (shown as the placeholder). Built to
 * be filled on a phone: Enter ("Next") moves to the next field, the last one's Enter saves; a
 * per-master row tool changes all of the master's prices by % and durations by minutes as unsaved
 * edits; one save sends the changed cells only (PUT /masters/{id}/services/{service_id}), four at a
 * time, and a cell that fails keeps its edit and shows why.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ErrorBox, SaveRow, generalError, useAction } from '@shared/panel-ui';
import { useRulesT } from '../common/rules-messages';
import { client, type Master, type Service } from '../common/state';
import { useTermsT } from './terms-messages';
import { applyRowChange, cellChanged, cellOf, parseChange, settleLimited, termsBody, type Cell } from './terms-tool';
import './terms-grid.css';

const keyOf = (masterId: number, serviceId: number) => `${masterId}:${serviceId}`;
/** How many cells are saved at once. */
const SAVE_CONCURRENCY = 4;

type Item = Master['services'][number];

/** Enter on a field of the grid: focus the next field (by document order), or save from the last. */
function enterMovesOn(event: KeyboardEvent, save: () => void) {
  if (event.key !== 'Enter' || event.isComposing) return;
  event.preventDefault();
  const input = event.target as HTMLInputElement;
  const fields = Array.from(input.form?.querySelectorAll<HTMLInputElement>('input[data-cell]') ?? []);
  const next = fields[fields.indexOf(input) + 1];
  if (next) next.focus();
  else save();
}

/** A tap on a field selects what it holds, so the digits typed replace it (no deleting on a phone keyboard). */
function selectOnFocus(event: FocusEvent) {
  const input = event.target as HTMLInputElement;
  // After the tap's own caret placement, which would undo a selection made at once.
  setTimeout(() => {
    if (document.activeElement === input) input.select();
  }, 0);
}

/** "для всех услуг мастера": a % for prices and minutes for durations, applied to the row as unsaved edits. */
function RowTool(props: { master: Master; onApply: (percent: number | null, minutes: number | null) => void }) {
  const tt = useTermsT();
  const [percent, setPercent] = useState('');
  const [minutes, setMinutes] = useState('');
  const minutesRef = useRef<HTMLInputElement>(null);
  const apply = () => {
    props.onApply(parseChange(percent), parseChange(minutes));
    setPercent('');
    setMinutes('');
  };
  const title = tt('termsRowToolTitle', { master: props.master.name });
  return (
    <div class="terms-tool" role="group" aria-label={title} data-testid={`terms-tool-${props.master.id}`}>
      <label>
        <span>{tt('termsRowPercent')}</span>
        <input
          class="input terms-input"
          type="text"
          inputMode="text"
          enterKeyHint="next"
          autocomplete="off"
          aria-label={`${title}: ${tt('termsRowPercent')}`}
          value={percent}
          onInput={(e) => setPercent((e.target as HTMLInputElement).value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.isComposing) return;
            e.preventDefault();
            minutesRef.current?.focus();
          }}
        />
      </label>
      <label>
        <span>{tt('termsRowMinutes')}</span>
        <input
          ref={minutesRef}
          class="input terms-input"
          type="text"
          inputMode="text"
          enterKeyHint="done"
          autocomplete="off"
          aria-label={`${title}: ${tt('termsRowMinutes')}`}
          value={minutes}
          onInput={(e) => setMinutes((e.target as HTMLInputElement).value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.isComposing) return;
            e.preventDefault();
            apply();
          }}
        />
      </label>
      <button type="button" class="btn btn-small" onClick={apply}>
        {tt('termsRowApply')}
      </button>
      <p class="muted">{tt('termsRowHelp')}</p>
    </div>
  );
}

export function MasterTermsGrid(props: { masters: Master[]; services: Service[]; onSaved: () => void }) {
  const t = useRulesT();
  const tt = useTermsT();
  const [edits, setEdits] = useState<Record<string, Cell>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(0);
  const [saved, setSaved] = useState(false);
  const [tools, setTools] = useState<Record<number, boolean>>({});
  const itemOf = (masterId: number, serviceId: number) =>
    props.masters.find((m) => m.id === masterId)?.services.find((s) => s.id === serviceId);
  const save = useAction(async () => {
    const changed = Object.entries(edits).flatMap(([key, cell]) => {
      const [id, serviceId] = key.split(':').map(Number) as [number, number];
      const item = itemOf(id, serviceId);
      return item && cellChanged(cell, item) ? [{ key, id, serviceId, cell }] : [];
    });
    const outcome = await settleLimited(changed, SAVE_CONCURRENCY, ({ id, serviceId, cell }) =>
      client.put('/masters/{id}/services/{service_id}', { path: { id, service_id: serviceId }, body: termsBody(cell) }),
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
    if (failures < changed.length) props.onSaved();
  });
  // Reloaded masters: an edit the server now holds is no edit any more.
  useEffect(() => {
    setEdits((all) => {
      const left = Object.entries(all).filter(([key, cell]) => {
        const [id, serviceId] = key.split(':').map(Number) as [number, number];
        const item = itemOf(id, serviceId);
        return item !== undefined && cellChanged(cell, item);
      });
      return left.length === Object.keys(all).length ? all : Object.fromEntries(left);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- itemOf reads props.masters
  }, [props.masters]);
  if (props.masters.length === 0 || props.services.length === 0) return <p class="muted">{t('termsEmpty')}</p>;
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
  const submit = () => void save.run();
  // The last field's Enter saves, so its key says so ("done"); every other one says "next".
  const lastMaster = [...props.masters]
    .reverse()
    .find((m) => props.services.some((service) => m.services.some((s) => s.id === service.id)));
  const lastService = lastMaster && [...props.services].reverse().find((service) => lastMaster.services.some((s) => s.id === service.id));
  const lastKey = lastMaster && lastService ? keyOf(lastMaster.id, lastService.id) : '';
  const columns = props.services.length + 1;
  return (
    <form
      data-testid="terms-grid"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p class="muted terms-help">{t('termsHelp')}</p>
      <ErrorBox error={generalError(save.error) ?? (failed > 0 ? tt('termsCellsFailed', { n: failed }) : undefined)} />
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
            {props.masters.flatMap((master) => [
              <tr key={master.id}>
                <th scope="row">
                  {master.name}
                  {master.services.length > 0 && (
                    <button
                      type="button"
                      class="btn btn-ghost terms-row-open"
                      aria-expanded={tools[master.id] === true}
                      aria-label={tt('termsRowToolTitle', { master: master.name })}
                      onClick={() => setTools((open) => ({ ...open, [master.id]: !open[master.id] }))}
                    >
                      ± {tt('termsRowTool')}
                    </button>
                  )}
                </th>
                {props.services.map((service) => {
                  const item = master.services.find((s) => s.id === service.id);
                  if (!item)
                    return (
                      <td key={service.id} class="muted terms-off">
                        {t('termsNotDone')}
                      </td>
                    );
                  const key = keyOf(master.id, service.id);
                  const cell = edits[key] ?? cellOf(item);
                  const names = { master: master.name, service: service.name };
                  const error = errors[key];
                  return (
                    <td key={service.id}>
                      <input
                        class="input terms-input"
                        data-cell="price"
                        type="number"
                        min={0}
                        step="any"
                        inputMode="decimal"
                        enterKeyHint="next"
                        placeholder={String(item.base_price)}
                        aria-label={t('termsPrice', names)}
                        aria-invalid={error !== undefined}
                        value={cell.price}
                        onInput={(e) => edit(master, item, 'price', (e.target as HTMLInputElement).value)}
                        onKeyDown={(e) => enterMovesOn(e, submit)}
                        onFocus={selectOnFocus}
                      />
                      <input
                        class="input terms-input"
                        data-cell="duration"
                        type="number"
                        min={1}
                        inputMode="numeric"
                        enterKeyHint={key === lastKey ? 'done' : 'next'}
                        placeholder={`${item.base_duration}′`}
                        aria-label={t('termsDuration', names)}
                        aria-invalid={error !== undefined}
                        value={cell.duration}
                        onInput={(e) => edit(master, item, 'duration', (e.target as HTMLInputElement).value)}
                        onKeyDown={(e) => enterMovesOn(e, submit)}
                        onFocus={selectOnFocus}
                      />
                      {error !== undefined && <span class="error terms-cell-error">{error}</span>}
                    </td>
                  );
                })}
              </tr>,
              tools[master.id] && (
                <tr key={`${master.id}-tool`}>
                  <td colSpan={columns}>
                    <RowTool
                      master={master}
                      onApply={(percent, minutes) => {
                        applyRow(master, percent, minutes);
                        setTools((open) => ({ ...open, [master.id]: false }));
                      }}
                    />
                  </td>
                </tr>
              ),
            ])}
          </tbody>
        </table>
      </div>
      <div class="terms-save">
        <SaveRow label={t('termsSave')} savedText={t('termsSaved')} busy={save.busy} saved={saved} />
      </div>
    </form>
  );
}
