/**
 * Clients page tools (CONTRACT.md §14): export buttons and the import dialog.
 * The dialog checks the file first (dry run: what would be added, skipped,
 * which rows are wrong) and imports only on "Импортировать".
 */
import { useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import type { Answer } from '@shared/client';
import { ErrorBox, Modal, generalError, useAction } from '@shared/panel-ui';
import { ExportButtons } from '../integrations/data-export';
import { rowProblem, useClientsT } from './messages';
import { uploadFile } from '../common/files';

type ImportResult = Answer<'/clients/import', 'post'>;

/** Row errors shown in the dialog; the rest are counted. */
const ERRORS_SHOWN = 50;

function Result(props: { result: ImportResult; dryRun: boolean }) {
  const s = useClientsT();
  const { created, skipped, errors } = props.result;
  return (
    <div data-testid="import-result" role="status">
      <p class={props.dryRun ? 'notice' : 'notice success'}>{props.dryRun ? s('importPreview') : s('importDone')}</p>
      <ul>
        <li data-testid="import-created">{s(props.dryRun ? 'importCreate' : 'importCreated', { n: created })}</li>
        <li data-testid="import-skipped">{s('importSkip', { n: skipped })}</li>
        <li data-testid="import-errors">{s('importErrors', { n: errors.length })}</li>
      </ul>
      {errors.length > 0 && (
        <ul class="muted import-errors">
          {errors.slice(0, ERRORS_SHOWN).map((error) => (
            <li key={error.row}>
              {s('importRow', { row: error.row })}: {rowProblem(s, error.code)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ImportDialog(props: { onClose: () => void; onImported: () => void }) {
  const s = useClientsT();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const check = useAction(async () => {
    if (file) setPreview(await uploadFile<ImportResult>('/clients/import', file, { dry_run: true }));
  });
  const save = useAction(async () => {
    if (!file) return;
    setDone(await uploadFile<ImportResult>('/clients/import', file, {}));
    props.onImported();
  });
  const error = check.error ?? save.error;
  return (
    <Modal title={s('importTitle')} onClose={props.onClose} closeLabel={s('close')}>
      <p class="muted">{s('importHelp')}</p>
      <label class="field">
        <span>{s('importFile')}</span>
        <input
          type="file"
          name="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => {
            setFile((event.target as HTMLInputElement).files?.[0] ?? null);
            setPreview(null);
            setDone(null);
          }}
        />
      </label>
      <ErrorBox error={hasCode(error, 'body_too_large') ? s('fileTooBig') : generalError(error)} />
      {done ? (
        <>
          <Result result={done} dryRun={false} />
          <button type="button" class="btn" onClick={props.onClose}>
            {s('close')}
          </button>
        </>
      ) : (
        <>
          {preview && <Result result={preview} dryRun />}
          <div class="row">
            <button type="button" class={preview ? 'btn btn-ghost' : 'btn'} disabled={!file || check.busy} onClick={() => void check.run()}>
              {check.busy ? s('importChecking') : s('importCheck')}
            </button>
            {preview && (
              <button type="button" class="btn" disabled={save.busy || preview.created === 0} onClick={() => void save.run()}>
                {save.busy ? s('importDoing') : s('importDo')}
              </button>
            )}
            {preview?.created === 0 && <span class="muted">{s('importNothing')}</span>}
          </div>
        </>
      )}
    </Modal>
  );
}

/** Mounted in the Clients page's top bar. */
export function ClientsDataTools(props: { onImported: () => void }) {
  const s = useClientsT();
  const [open, setOpen] = useState(false);
  return (
    <div class="row">
      <ExportButtons kind="clients" />
      <button type="button" class="btn btn-small" onClick={() => setOpen(true)}>
        {s('importClients')}
      </button>
      {open && <ImportDialog onClose={() => setOpen(false)} onImported={props.onImported} />}
    </div>
  );
}
