/** Business week and each master's week: hours, break and day off per weekday; a master's own week can be created and deleted. */
import { useEffect, useState } from 'preact/hooks';
import { ErrorBox, Loading, SaveRow, errorFor, generalError, useAction, useLoad } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { useOwnerT } from '../common/owner-messages';
import { dayProblem } from '../common/rules';
import { client, type ScheduleRow } from '../common/state';
import { copyHoursToAll, salonWeekBodies } from '../onboarding/setup-rules';
import { useSetupT } from '../onboarding/setup-messages';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

type Draft = Pick<ScheduleRow, 'id' | 'day_of_week' | 'start_time' | 'end_time' | 'break_start_time' | 'break_end_time' | 'is_active'>;

const same = (a: Draft, b: Draft) =>
  a.start_time === b.start_time &&
  a.end_time === b.end_time &&
  a.break_start_time === b.break_start_time &&
  a.break_end_time === b.break_end_time &&
  a.is_active === b.is_active;

function WeekEditor(props: { rows: ScheduleRow[]; onSaved: () => void }) {
  const t = useT(messages);
  const o = useOwnerT();
  const st = useSetupT();
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
  const changed = drafts.filter((d) => {
    const saved = props.rows.find((r) => r.id === d.id);
    return saved !== undefined && !same(d, saved);
  });
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
    props.onSaved();
  });
  const time = (d: Draft, key: 'start_time' | 'end_time' | 'break_start_time' | 'break_end_time', label: string, optional = false) => (
    <input
      type="time"
      class="input small"
      aria-label={`${t(WEEKDAYS[d.day_of_week]!)}: ${label}`}
      name={`${key}-${d.day_of_week}`}
      value={d[key] ?? ''}
      required={!optional}
      disabled={!d.is_active}
      onInput={(e) => edit(d.id, { [key]: (e.target as HTMLInputElement).value || null })}
    />
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const found = drafts.flatMap((d) => {
          const problem = dayProblem(d);
          const day = t(WEEKDAYS[d.day_of_week]!);
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
      <ErrorBox error={generalError(save.error, ['start_time', 'end_time', 'break_start_time', 'break_end_time'])} />
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
              <tr key={d.id} aria-invalid={dayProblem(d) && problems.length > 0 ? 'true' : undefined}>
                <td class="week-day">
                  <strong>{t(WEEKDAYS[d.day_of_week]!)}</strong>
                  <button
                    type="button"
                    class="btn btn-ghost btn-small"
                    aria-label={s('copyToAllLabel', { day: t(WEEKDAYS[d.day_of_week]!) })}
                    onClick={() => {
                      setSaved(false);
                      setDrafts(copyHoursToAll(drafts, d.day_of_week));
                      setCopied(s('copiedToAll', { day: t(WEEKDAYS[d.day_of_week]!) }));
                    }}
                  >
                    {s('copyToAll')}
                  </button>
                </td>
                <td class="week-working" data-label={s('working')}>
                  <label class="check">
                    <input
                      type="checkbox"
                      name={`active-${d.day_of_week}`}
                      checked={d.is_active}
                      onChange={(e) => edit(d.id, { is_active: (e.target as HTMLInputElement).checked })}
                    />
                    {d.is_active ? s('workDay') : t('dayOff')}
                  </label>
                </td>
                <td class="week-hours" data-label={s('hours')}>
                  <span class="row">
                    {time(d, 'start_time', t('from'))}–{time(d, 'end_time', t('to'))}
                  </span>
                </td>
                <td class="week-hours" data-label={s('break')}>
                  <span class="row">
                    {time(d, 'break_start_time', s('breakFrom'), true)}–{time(d, 'break_end_time', s('breakTo'), true)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {['start_time', 'end_time', 'break_start_time', 'break_end_time'].map(
        (f) =>
          errorFor(save.error, f) && (
            <p class="field-error" key={f}>
              {errorFor(save.error, f)}
            </p>
          ),
      )}
      {copied && (
        <p class="notice" role="status" style="margin-top:12px">
          {copied}
        </p>
      )}
      {problems.length > 0 && (
        <div class="error" style="margin-top:12px" role="alert" data-testid="schedule-problems">
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </div>
      )}
      <SaveRow
        label={s('saveSchedule')}
        savedText={t('saved')}
        busy={save.busy}
        saved={saved}
        disabled={changed.length === 0}
        style="margin-top:12px"
      />
    </form>
  );
}

export function SchedulesPage() {
  const t = useT(messages);
  const st = useSetupT();
  const masters = useLoad((signal) => client.get('/masters', { signal }), []);
  // The master's card leads here with ?master=ID (issue #35): that master's week opens.
  const [owner, setOwner] = useState<number | 'business'>(() => Number(new URLSearchParams(location.search).get('master')) || 'business');
  const loaded = useLoad(
    async (signal) => ({
      owner,
      rows: await (owner === 'business'
        ? client.get('/schedule', { signal })
        : client.get('/schedule/master/{master_id}', { path: { master_id: owner }, signal })),
    }),
    [owner],
  );
  // rows of the previous choice are not shown under the new one while it loads
  const week = { ...loaded, data: loaded.data?.owner === owner ? loaded.data.rows : undefined };
  // POST gives the fixed Mon-Fri 09-18 week (SPEC.md); the panel then makes it a copy of the salon's week.
  const create = useAction(async (masterId: number) => {
    const [rows, salon] = await Promise.all([
      client.post('/schedule/master/{master_id}', { path: { master_id: masterId } }),
      client.get('/schedule'),
    ]);
    for (const { id, body } of salonWeekBodies(rows, salon)) await client.put('/schedule/{id}', { path: { id }, body });
    setStarted(rows.length > 0);
    week.reload();
    masters.reload();
  });
  const [started, setStarted] = useState(false);
  const remove = useAction(async (masterId: number) => {
    await client.del('/schedule/master/{master_id}', { path: { master_id: masterId } });
    week.reload();
    masters.reload();
  });
  const master = owner === 'business' ? undefined : masters.data?.find((m) => m.id === owner);
  return (
    <div class="stack">
      <div class="topbar">
        <h1>{t('navSchedules')}</h1>
        <label class="row">
          <span class="muted">{s('scheduleOf')}</span>
          <select
            class="input small"
            name="schedule_owner"
            value={String(owner)}
            onChange={(e) => {
              setStarted(false);
              setOwner(((v) => (v === 'business' ? v : Number(v)))((e.target as HTMLSelectElement).value));
            }}
          >
            <option value="business">{s('businessWeek')}</option>
            {(masters.data ?? []).map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <section class="card">
        <h2>{master ? master.name : s('businessWeek')}</h2>
        <ErrorBox error={generalError(week.error ?? create.error ?? remove.error)} />
        {week.loading && !week.data ? (
          <Loading text={t('loading')} />
        ) : week.data && week.data.length > 0 ? (
          <>
            {started && master && (
              <p class="notice" role="status">
                {s('salonWeekCopied')}
              </p>
            )}
            <WeekEditor key={String(owner)} rows={week.data} onSaved={week.reload} />
            {master && (
              <p style="margin-top:16px">
                <button type="button" class="btn btn-ghost danger" disabled={remove.busy} onClick={() => void remove.run(master.id)}>
                  {s('deleteOwnSchedule')}
                </button>
              </p>
            )}
          </>
        ) : master ? (
          <div class="empty">
            <p>{s('usesBusinessWeek', { name: master.name })}</p>
            <button type="button" class="btn" disabled={create.busy} onClick={() => void create.run(master.id)}>
              {s('createOwnSchedule')}
            </button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
