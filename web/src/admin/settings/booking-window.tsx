/**
 * Settings: when clients may book (CONTRACT.md §17), in plain words. Its own card and its own
 * save (PUT /business with these two fields only), so the business form stays as it is.
 */
import { useState } from 'preact/hooks';
import { ErrorBox, SaveRow, generalError, useAction } from '@shared/panel-ui';
import { client, useSession } from '../common/state';
import { useSettingsT, type SettingsKey } from './messages';

const NOTICES = [0, 30, 60, 120, 180, 360, 720, 1440, 2880, 4320, 10080];
const HORIZONS = [7, 14, 30, 60, 90, 180, 365];

/** 90 → "90 мин", 120 → "2 ч", 2880 → "2 дн.". */
export function noticeText(s: (key: SettingsKey, params?: Record<string, string | number>) => string, minutes: number): string {
  if (minutes === 0) return s('noticeNone');
  if (minutes % 1440 === 0) return s('noticeDays', { n: minutes / 1440 });
  if (minutes % 60 === 0) return s('noticeHours', { n: minutes / 60 });
  return s('noticeMinutes', { n: minutes });
}

export function BookingWindowSettings() {
  const s = useSettingsT();
  const session = useSession();
  const b = session.business;
  const [notice, setNotice] = useState(b.min_notice_minutes);
  const [horizon, setHorizon] = useState<number | null>(b.booking_horizon_days);
  const [saved, setSaved] = useState(false);
  const save = useAction(async () => {
    const next = await client.put('/business', { body: { min_notice_minutes: notice, booking_horizon_days: horizon } });
    session.setBusiness(next);
    setSaved(true);
  });
  const notices = NOTICES.includes(notice) ? NOTICES : [...NOTICES, notice].sort((x, y) => x - y);
  const horizons = horizon === null || HORIZONS.includes(horizon) ? HORIZONS : [...HORIZONS, horizon].sort((x, y) => x - y);
  return (
    <form
      class="card"
      data-testid="booking-window"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <h2>{s('windowTitle')}</h2>
      <ErrorBox error={generalError(save.error)} />
      <label class="field">
        <span>{s('minNotice')}</span>
        <select
          class="input"
          name="min_notice_minutes"
          value={String(notice)}
          onChange={(e) => (setSaved(false), setNotice(Number((e.target as HTMLSelectElement).value)))}
        >
          {notices.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {noticeText(s, minutes)}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span>{s('horizon')}</span>
        <select
          class="input"
          name="booking_horizon_days"
          value={horizon === null ? '' : String(horizon)}
          onChange={(e) => {
            const value = (e.target as HTMLSelectElement).value;
            setSaved(false);
            setHorizon(value === '' ? null : Number(value));
          }}
        >
          <option value="">{s('horizonNone')}</option>
          {horizons.map((days) => (
            <option key={days} value={String(days)}>
              {days}
            </option>
          ))}
        </select>
      </label>
      <p class="muted field-help">{s('horizonHelp')}</p>
      <SaveRow label={s('windowSave')} savedText={s('windowSaved')} busy={save.busy} saved={saved} />
    </form>
  );
}
