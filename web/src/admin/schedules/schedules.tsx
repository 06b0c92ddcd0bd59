/** Business week and each master's week: hours, break and day off per weekday; a master's own week can be created and deleted. */
import { useState } from 'preact/hooks';
import { ErrorBox, Loading, generalError, useAction, useLoad } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { client } from '../common/state';
import { salonWeekBodies } from '../onboarding/setup-rules';
import { useSchedulesT } from './messages';
import { WeekEditor } from './week-editor';
import { TimeOffSection } from '../time-off/time-off-section';
import './schedules.css';

export function SchedulesPage() {
  const t = useT(messages);
  const s = useSchedulesT();
  const masters = useLoad((signal) => client.get('/masters', { signal }), []);
  // The master's card leads here with ?master=ID: that master's week opens, not the salon's.
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
              <p class="own-week-delete">
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
      {masters.data && <TimeOffSection masters={masters.data} />}
    </div>
  );
}
