/**
 * Close a date, a range (a vacation) or hours (CONTRACT.md §21) for the salon or one master: whole
 * days by default, so from the calendar it is "Закрыть время" → "Закрыть" (two taps).
 */
import { useState } from 'preact/hooks';
import { ErrorBox, errorFor, Field, generalError, useAction } from '@shared/panel-ui';
import type { Answer } from '@shared/client';
import { client, type Master } from '../common/state';
import { useTimeOffT } from './messages';
import { ClosedHours, WhoCloses } from './time-off-fields';

export type Closed = Answer<'/time-off', 'post'>;

export interface TimeOffSeed {
  masterId: number | null;
  date: string;
}

export function TimeOffForm(props: { seed: TimeOffSeed; masters: readonly Master[]; onClosed: (answer: Closed) => void }) {
  const to = useTimeOffT();
  const [masterId, setMasterId] = useState<number | null>(props.seed.masterId);
  const [from, setFrom] = useState(props.seed.date);
  const [until, setUntil] = useState(props.seed.date);
  const [hours, setHours] = useState(false);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAction(async () => {
    const answer = await client.post('/time-off', {
      body: {
        master_id: masterId,
        date_from: from,
        date_to: until < from ? from : until,
        ...(hours ? { start_time: start, end_time: end } : {}),
        note: note.trim() || null,
      },
    });
    props.onClosed(answer);
  });
  return (
    <form
      class="stack time-off-form"
      aria-label={to('closeTime')}
      onSubmit={(event) => {
        event.preventDefault();
        const bad = hours && !(start && end && start < end);
        setProblem(bad ? to('endBeforeStart') : null);
        if (!bad) void save.run();
      }}
    >
      <ErrorBox error={generalError(save.error, ['date_from', 'date_to', 'start_time', 'end_time', 'note'])} />
      <WhoCloses masters={props.masters} masterId={masterId} onChange={setMasterId} />
      <div class="row time-off-dates">
        <Field label={to('dateFrom')} error={errorFor(save.error, 'date_from')}>
          {(id) => (
            <input
              id={id}
              type="date"
              class="input"
              name="date_from"
              required
              value={from}
              onInput={(e) => {
                const next = (e.target as HTMLInputElement).value;
                // The end follows a one-day closure's start, and a start moved past it (the browser would refuse the form).
                if (until === from || until < next) setUntil(next);
                setFrom(next);
              }}
            />
          )}
        </Field>
        <Field label={to('dateTo')} error={errorFor(save.error, 'date_to')}>
          {(id) => (
            <input
              id={id}
              type="date"
              class="input"
              name="date_to"
              required
              min={from}
              value={until}
              onInput={(e) => setUntil((e.target as HTMLInputElement).value)}
            />
          )}
        </Field>
      </div>
      <fieldset class="row time-off-kind">
        <legend class="visually-hidden">{to('closeTime')}</legend>
        <label class="check">
          <input type="radio" name="time_off_kind" checked={!hours} onChange={() => setHours(false)} />
          {to('wholeDay')}
        </label>
        <label class="check">
          <input type="radio" name="time_off_kind" checked={hours} onChange={() => setHours(true)} />
          {to('someHours')}
        </label>
      </fieldset>
      {hours && <ClosedHours start={start} end={end} onStart={setStart} onEnd={setEnd} />}
      {problem && (
        <p class="field-error" role="alert">
          {problem}
        </p>
      )}
      <Field label={to('note')} error={errorFor(save.error, 'note')}>
        {(id) => (
          <input
            id={id}
            class="input"
            name="note"
            maxLength={500}
            value={note}
            onInput={(e) => setNote((e.target as HTMLInputElement).value)}
          />
        )}
      </Field>
      <div class="row">
        <button class="btn" disabled={save.busy}>
          {to('closeAction')}
        </button>
      </div>
    </form>
  );
}
