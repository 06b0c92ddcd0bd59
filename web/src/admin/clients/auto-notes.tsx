/** A client's notes on the card, saved as they are typed. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { useDebounced } from '@shared/panel-ui';
import { client } from '../common/state';
import { useClientsT } from './messages';

const NOTES_QUIET_MS = 700;

/** Notes saved after a pause in typing; leaving the card saves at once, leaving the page with unsaved text asks first. */
export function AutoNotes(props: { id: number; initial: string | null }) {
  const s = useClientsT();
  const [notes, setNotes] = useState(props.initial ?? '');
  const [saved, setSaved] = useState(props.initial ?? '');
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const settled = useDebounced(notes, NOTES_QUIET_MS);
  const save = (text: string) => client.put('/clients/{id}', { path: { id: props.id }, body: { notes: text || null } });
  useEffect(() => {
    if (settled === saved) return;
    setState('saving');
    save(settled).then(
      (next) => (setSaved(next.notes ?? ''), setState('saved')),
      () => setState('failed'),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  const dirty = notes !== saved;
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [dirty]);
  const latest = useRef({ notes, saved });
  latest.current = { notes, saved };
  useEffect(
    () => () => {
      if (latest.current.notes !== latest.current.saved) void save(latest.current.notes).catch(() => undefined);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const status =
    state === 'failed'
      ? s('notesUnsaved')
      : dirty || state === 'saving'
        ? s('notesSaving')
        : state === 'saved'
          ? s('notesSaved')
          : s('notesHint');
  return (
    <div class="field">
      <label for={`card-notes-${props.id}`}>
        <span class="muted">{s('clientNote')}</span>
      </label>
      <textarea
        id={`card-notes-${props.id}`}
        class="input"
        rows={3}
        value={notes}
        onInput={(e) => setNotes((e.target as HTMLTextAreaElement).value)}
        aria-describedby={`card-notes-state-${props.id}`}
      />
      <span
        id={`card-notes-state-${props.id}`}
        class={state === 'failed' ? 'field-error' : 'muted'}
        data-testid="notes-state"
        role="status"
      >
        {status}
      </span>
    </div>
  );
}
