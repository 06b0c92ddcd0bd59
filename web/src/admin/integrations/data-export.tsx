/** Export buttons (CONTRACT.md §14): clients, or the bookings of the dates the list shows, as CSV or Excel. */
import { ErrorBox, generalError, useAction } from '@shared/panel-ui';
import { downloadFile } from '../common/files';
import { useIntegrationsT } from './messages';

type Props = { kind: 'clients' } | { kind: 'bookings'; from: string; to: string };

export function ExportButtons(props: Props) {
  const s = useIntegrationsT();
  const run = useAction((format: 'csv' | 'xlsx') =>
    props.kind === 'clients'
      ? downloadFile('/clients/export', { format })
      : downloadFile('/bookings/export', { format, from: props.from, to: props.to }),
  );
  const label = props.kind === 'clients' ? s('exportClientsLabel') : s('exportBookingsLabel');
  return (
    <div class="row" role="group" aria-label={label} data-testid={`export-${props.kind}`}>
      <button type="button" class="btn btn-ghost btn-small" disabled={run.busy} onClick={() => void run.run('csv')}>
        {s('exportCsv')}
      </button>
      <button type="button" class="btn btn-ghost btn-small" disabled={run.busy} onClick={() => void run.run('xlsx')}>
        {s('exportXlsx')}
      </button>
      {run.busy && (
        <span class="muted" role="status">
          {s('exporting')}
        </span>
      )}
      <ErrorBox error={generalError(run.error)} />
    </div>
  );
}
