/**
 * Masters × services on one screen (CONTRACT.md §17): each cell is that master's own price and
 * duration for the service; a blank cell takes the service's (shown as the placeholder). Built to
 * be filled on a phone: Enter ("Next") moves to the next field, the last one's Enter saves; a
 * per-master row tool changes all of the master's prices by % and durations by minutes as unsaved
 * edits; one save sends the changed cells only (use-terms-edits.ts).
 */
import { useState } from 'preact/hooks';
import { ErrorBox, SaveRow, generalError } from '@shared/panel-ui';
import type { Master, Service } from '../common/state';
import { TermsCell } from './terms-cell';
import { useTermsT } from './terms-messages';
import { RowTool } from './terms-row-tool';
import { keyOf, useTermsEdits } from './use-terms-edits';
import './terms-grid.css';

/** The grid's last cell (the last master's last service they do): its Enter saves. */
function lastCellKey(masters: Master[], services: Service[]): string {
  const does = (m: Master, service: Service) => m.services.some((s) => s.id === service.id);
  const master = [...masters].reverse().find((m) => services.some((service) => does(m, service)));
  const service = master && [...services].reverse().find((s) => does(master, s));
  return master && service ? keyOf(master.id, service.id) : '';
}

export function MasterTermsGrid(props: { masters: Master[]; services: Service[]; onSaved: () => void }) {
  const tt = useTermsT();
  const grid = useTermsEdits(props.masters, props.onSaved);
  const [tools, setTools] = useState<Record<number, boolean>>({});
  if (props.masters.length === 0 || props.services.length === 0) return <p class="muted">{tt('termsEmpty')}</p>;
  const submit = () => void grid.save.run();
  const lastKey = lastCellKey(props.masters, props.services);
  const toggleTool = (id: number, open: boolean) => setTools((all) => ({ ...all, [id]: open }));
  return (
    <form
      data-testid="terms-grid"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p class="muted terms-help">{tt('termsHelp')}</p>
      <ErrorBox error={generalError(grid.save.error) ?? (grid.failed > 0 ? tt('termsCellsFailed', { n: grid.failed }) : undefined)} />
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
                      onClick={() => toggleTool(master.id, !tools[master.id])}
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
                        {tt('termsNotDone')}
                      </td>
                    );
                  const key = keyOf(master.id, service.id);
                  return (
                    <TermsCell
                      key={service.id}
                      names={{ master: master.name, service: service.name }}
                      item={item}
                      cell={grid.cellAt(master, item)}
                      error={grid.errors[key]}
                      last={key === lastKey}
                      onEdit={(field, value) => grid.edit(master, item, field, value)}
                      onSave={submit}
                    />
                  );
                })}
              </tr>,
              tools[master.id] && (
                <tr key={`${master.id}-tool`}>
                  <td colSpan={props.services.length + 1}>
                    <RowTool
                      master={master}
                      onApply={(percent, minutes) => {
                        grid.applyRow(master, percent, minutes);
                        toggleTool(master.id, false);
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
        <SaveRow label={tt('termsSave')} savedText={tt('termsSaved')} busy={grid.save.busy} saved={grid.saved} />
      </div>
    </form>
  );
}
