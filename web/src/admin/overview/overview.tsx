/** Overview: bookings per day over the last and next 30 days (inline SVG), revenue of confirmed and completed bookings per master over the last 30 days. */
import { ErrorBox, Loading, Empty, generalError, useLoad } from '@shared/panel-ui';
import { formatDate, formatPrice, useLang } from '@shared/i18n';
import { addDays, daysBetween, today } from '../common/dates';
import { useT, messages } from '../common/messages';
import { client } from '../common/state';
import { useNarrowScreen } from '../common/narrow-screen';
import { useOverviewT } from './messages';
import './overview.css';

function DayBars(props: { days: string[]; counts: number[]; todayIndex: number; label: string }) {
  const lang = useLang();
  const max = Math.max(1, ...props.counts);
  const w = 12;
  const h = 140;
  const width = props.days.length * w + 30;
  return (
    <svg class="chart" viewBox={`0 0 ${width} ${h + 36}`} role="img" aria-label={props.label}>
      <line x1="28" x2={width} y1={h} y2={h} stroke="currentColor" opacity=".2" />
      <text x="24" y="10" text-anchor="end">
        {max}
      </text>
      <text x="24" y={h} text-anchor="end">
        0
      </text>
      {props.counts.map((count, i) => {
        const bar = (count / max) * (h - 10);
        return (
          <g key={props.days[i]}>
            <rect
              x={30 + i * w}
              y={h - bar}
              width={w - 3}
              height={bar}
              rx="2"
              fill={i < props.todayIndex ? '#8da2e0' : i === props.todayIndex ? '#b26a00' : '#2f5bd3'}
            >
              <title>{`${props.days[i]}: ${count}`}</title>
            </rect>
            {i % 7 === 0 && (
              <text x={30 + i * w} y={h + 14}>
                {formatDate(props.days[i]!, lang, { day: 'numeric', month: 'short' })}
              </text>
            )}
          </g>
        );
      })}
      <text x={30 + props.todayIndex * w} y={h + 30} fill="#b26a00">
        ▲
      </text>
    </svg>
  );
}

/** Bars as HTML, so they fit a phone's width without a sideways box. */
function RevenueBars(props: { rows: Array<{ name: string; total: number }>; label: string }) {
  const max = Math.max(1, ...props.rows.map((r) => r.total));
  return (
    <ul class="revenue-bars" aria-label={props.label}>
      {props.rows.map((r) => (
        <li key={r.name}>
          <span class="revenue-name">{r.name}</span>
          <span class="revenue-bar" style={{ '--share': `${Math.max(1, (r.total / max) * 100)}%` }} />
          <span class="revenue-sum">{formatPrice(r.total)}</span>
        </li>
      ))}
    </ul>
  );
}

export function OverviewPage() {
  const t = useT(messages);
  const s = useOverviewT();
  const narrow = useNarrowScreen();
  const from = addDays(today(), -30);
  const to = addDays(today(), 30);
  // The figures are summed by the server over this window (CONTRACT.md §15): a few kilobytes whatever the history.
  const overview = useLoad((signal) => client.get('/bookings/overview', { query: { date_from: from, date_to: to }, signal }), [from]);
  const days = daysBetween(from, to);
  const perDay = new Map((overview.data?.days ?? []).map((day) => [day.date, day.bookings]));
  const rows = (overview.data?.revenue.masters ?? []).map((master) => ({ name: master.name, total: master.total }));
  const totalRevenue = overview.data?.revenue.total ?? 0;
  return (
    <div class="stack">
      <div class="topbar">
        <h1>{t('navOverview')}</h1>
      </div>
      <ErrorBox error={generalError(overview.error)} />
      <section class="card">
        <h2>{s('bookingsPerDay')}</h2>
        <p class="muted">{s('bookingsPerDayHelp')}</p>
        {!overview.data ? (
          <Loading text={t('loading')} />
        ) : overview.data.days.length === 0 ? (
          <Empty text={t('noBookings')} />
        ) : (
          <>
            {narrow && (
              <p class="muted scroll-hint" id="chart-scroll">
                {s('scrollHint')}
              </p>
            )}
            <div class="table-wrap" tabIndex={0} aria-describedby={narrow ? 'chart-scroll' : undefined}>
              <DayBars days={days} counts={days.map((d) => perDay.get(d) ?? 0)} todayIndex={30} label={s('bookingsPerDay')} />
            </div>
          </>
        )}
      </section>
      <section class="card">
        <h2>{s('revenueByMaster')}</h2>
        <p class="muted">
          {s('revenueHelp')} {overview.data && <strong>{formatPrice(totalRevenue)}</strong>}
        </p>
        <p class="muted legend-note" data-testid="revenue-legend">
          {s('revenueLegend')}
        </p>
        {!overview.data ? (
          <Loading text={t('loading')} />
        ) : rows.length === 0 ? (
          <Empty text={s('noRevenue')} />
        ) : (
          <RevenueBars rows={rows} label={s('revenueByMaster')} />
        )}
      </section>
    </div>
  );
}
