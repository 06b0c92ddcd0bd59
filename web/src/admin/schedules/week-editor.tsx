/** A week's editor: every weekday's hours and break, checked before saving; only the changed days are sent. */
import { useEffect, useState } from 'preact/hooks';
import { ErrorBox, SaveRow, errorFor, generalError, useAction } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { dayProblem } from '../common/rules';
import { client, type ScheduleAnswerRow } from '../common/state';
import { copyHoursToAll } from '../onboarding/setup-rules';
import { DayRow } from './day-row';
import { useSchedulesT } from './messages';
import { TIME_KEYS, WEEKDAYS, changedDrafts, type Draft } from './week-draft';

export function WeekEditor(props: { rows: ScheduleAnswerRow[]; onSaved: () => void }) {
  const t = useT(messages);
  const s = useSchedulesT();
  const [copied, setCopied] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Draft[]>(props.rows);
  const [problems, setProblems] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  useEffect(() => setDrafts(props.rows), [props.rows]);
  const edit = (id: number, change: Partial<Draft>) => {
    setSaved(false);
    setCopied(null);
    setProblems([]);
    setDrafts((list) => list.map((d) => (d.id === id ? { ...d, ...change } : d)));
  };
  const changed = changedDrafts(drafts, props.rows);
  const save = useAction(async () => {
    for (const d of changed) {
      await client.put('/schedule/{id}', {
        path: { id: d.id },
        body: {
          start_time: d.start_time,
          end_time: d.end_time,
          is_active: d.is_active,
          break_start_time: d.break_start_time || null,
          break_end_time: d.break_end_time || null,
        },
      });
    }
    setSaved(true);
    // "…нажмите «Сохранить график»" is done now: «Сохранено» says the rest.
    setCopied(null);
    props.onSaved();
  });
  return (
    <form
      class="week-form"
      onSubmit={(event) => {
        event.preventDefault();
        const found = drafts.flatMap((d) => {
          const problem = dayProblem(d);
          const day = s(WEEKDAYS[d.day_of_week]!);
          return problem === 'hours'
            ? [s('scheduleEndBeforeStart', { day })]
            : problem === 'break'
              ? [s('scheduleBreakOutside', { day })]
              : [];
        });
        setProblems(found);
        if (found.length === 0) void save.run();
      }}
    >
      <ErrorBox error={generalError(save.error, [...TIME_KEYS])} />
      <div class="table-wrap">
        <table class="table cards week-table">
          <thead>
            <tr>
              <th>{s('weekday')}</th>
              <th>{s('working')}</th>
              <th>{s('hours')}</th>
              <th>{s('break')}</th>
            </tr>
          </thead>
          <tbody>
            {drafts.map((d) => (
              <DayRow
                key={d.id}
                day={d}
                invalid={Boolean(dayProblem(d)) && problems.length > 0}
                onEdit={(change) => edit(d.id, change)}
                onCopyToAll={() => {
                  setSaved(false);
                  setDrafts(copyHoursToAll(drafts, d.day_of_week));
                  setCopied(s('copiedToAll', { day: s(WEEKDAYS[d.day_of_week]!) }));
                }}
              />
            ))}
          </tbody>
        </table>
      </div>
      {TIME_KEYS.map(
        (f) =>
          errorFor(save.error, f) && (
            <p class="field-error" key={f}>
              {errorFor(save.error, f)}
            </p>
          ),
      )}
      {copied && (
        <p class="notice week-note" role="status">
          {copied}
        </p>
      )}
      {problems.length > 0 && (
        <div class="error week-note" role="alert" data-testid="schedule-problems">
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </div>
      )}
      <SaveRow label={s('saveSchedule')} savedText={t('saved')} busy={save.busy} saved={saved} disabled={changed.length === 0} />
    </form>
  );
}
