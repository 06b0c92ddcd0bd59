/** /superadmin: operator login, businesses with counts (seed, reset password, delete), bookings with filters. */
import { useEffect, useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import { formatDate, formatPrice, useLang, useT } from '@shared/i18n';
import { ErrorBox, LangSwitch, ListTable, TextField, displayPhone, generalError, useAction, useDebounced, useLoad } from '@shared/panel-ui';
import { BusinessesPage } from './businesses';
import { messages } from './messages';
import { STATUSES, TOKEN_KEY, client, setLoggedOutHandler } from './state';

function Login(props: { onToken: (token: string) => void }) {
  const t = useT(messages);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const action = useAction(async () => {
    props.onToken((await client.post('/superadmin/login', { body: { username, password } })).access_token);
  });
  return (
    <main class="auth">
      <form
        class="card"
        onSubmit={(event) => {
          event.preventDefault();
          void action.run();
        }}
      >
        <div class="row" style="margin-bottom:12px">
          <h1 style="margin:0 auto 0 0">{t('loginTitle')}</h1>
          <LangSwitch />
        </div>
        <ErrorBox
          error={
            hasCode(action.error, 'invalid_credentials')
              ? t('badLogin')
              : hasCode(action.error, 'not_configured')
                ? t('disabled')
                : generalError(action.error)
          }
        />
        <TextField label={t('username')} name="username" autocomplete="username" required value={username} onValue={setUsername} />
        <TextField
          label={t('password')}
          name="password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onValue={setPassword}
        />
        <button class="btn btn-block" disabled={action.busy}>
          {t('login')}
        </button>
      </form>
    </main>
  );
}

/** A page of bookings; "Вперёд" and the filters reach the rest (X-Total-Count says how many). */
const BOOKINGS_PAGE = 50;

function Pager(props: { offset: number; shown: number; total: number; onOffset: (offset: number) => void }) {
  const t = useT(messages);
  if (props.total <= BOOKINGS_PAGE && props.offset === 0) return null;
  return (
    <div class="row" role="navigation" aria-label={t('bookings')} data-testid="pager">
      <button
        type="button"
        class="btn btn-ghost btn-small"
        disabled={props.offset === 0}
        onClick={() => props.onOffset(Math.max(0, props.offset - BOOKINGS_PAGE))}
      >
        {t('prevPage')}
      </button>
      <span class="muted" role="status">
        {t('pageOf', { from: props.shown ? props.offset + 1 : 0, to: props.offset + props.shown, total: props.total })}
      </span>
      <button
        type="button"
        class="btn btn-ghost btn-small"
        disabled={props.offset + props.shown >= props.total}
        onClick={() => props.onOffset(props.offset + BOOKINGS_PAGE)}
      >
        {t('nextPage')}
      </button>
    </div>
  );
}

function BookingsPage() {
  const t = useT(messages);
  const lang = useLang();
  const [filters, setFilters] = useState({ business: '', date_from: '', date_to: '', status: '' });
  const business = useDebounced(filters.business.trim(), 250);
  const [offset, setOffset] = useState(0);
  const [total, setTotal] = useState(0);
  // A new filter starts again from the first page.
  useEffect(() => setOffset(0), [business, filters.date_from, filters.date_to, filters.status]);
  // One screenful, filtered by the server (CONTRACT.md §15): the dates, a business found by name or address, a status.
  const bookings = useLoad(
    (signal) =>
      client.get('/superadmin/bookings', {
        query: {
          q: business || undefined,
          date_from: filters.date_from || undefined,
          date_to: filters.date_to || undefined,
          status: filters.status ? (filters.status as (typeof STATUSES)[number]) : undefined,
          limit: BOOKINGS_PAGE,
          offset,
        },
        signal,
        onHeaders: (headers) => setTotal(Number(headers.get('x-total-count') ?? 0)),
      }),
    [business, filters.date_from, filters.date_to, filters.status, offset],
  );
  const set = (key: keyof typeof filters) => (event: Event) =>
    setFilters((f) => ({ ...f, [key]: (event.target as HTMLInputElement).value }));
  return (
    <div class="stack">
      <div class="row card" role="group" aria-label={t('bookings')}>
        <label class="field" style="margin:0">
          <span>{t('business')}</span>
          <input
            class="input small"
            type="search"
            name="business"
            placeholder={t('searchBusinesses')}
            value={filters.business}
            onInput={set('business')}
          />
        </label>
        <label class="field" style="margin:0">
          <span>{t('from')}</span>
          <input class="input small" type="date" name="date_from" value={filters.date_from} onChange={set('date_from')} />
        </label>
        <label class="field" style="margin:0">
          <span>{t('to')}</span>
          <input class="input small" type="date" name="date_to" value={filters.date_to} onChange={set('date_to')} />
        </label>
        <label class="field" style="margin:0">
          <span>{t('status')}</span>
          <select class="input small" name="status" value={filters.status} onChange={set('status')}>
            <option value="">{t('all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status_${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ListTable
        loaded={bookings}
        loadingText={t('loading')}
        emptyText={t('noBookings')}
        head={
          <>
            <th>{t('when')}</th>
            <th>{t('business')}</th>
            <th>{t('client')}</th>
            <th>{t('service')}</th>
            <th>{t('master')}</th>
            <th>{t('price')}</th>
            <th>{t('status')}</th>
          </>
        }
      >
        {(items) =>
          items.map((b) => (
            <tr key={b.id}>
              <td>
                <time dateTime={b.start_at}>
                  {formatDate(b.start_at.slice(0, 10), lang, { day: 'numeric', month: 'short', year: 'numeric' })},{' '}
                  {b.start_at.slice(11, 16)}
                </time>
              </td>
              <td>{b.business.name}</td>
              <td>
                {b.client.first_name} <span class="muted">{displayPhone(b.client.phone)}</span>
              </td>
              <td data-label={t('service')}>{b.service.name}</td>
              <td data-label={t('master')}>{b.master.name}</td>
              <td data-label={t('price')}>{formatPrice(b.price_snapshot)}</td>
              <td>
                <span class={`badge st-${b.status}`}>
                  {(STATUSES as readonly string[]).includes(b.status) ? t(`status_${b.status as 'pending'}`) : b.status}
                </span>
              </td>
            </tr>
          ))
        }
      </ListTable>
      <Pager offset={offset} shown={bookings.data?.length ?? 0} total={total} onOffset={(next) => (setOffset(next), scrollTo(0, 0))} />
    </div>
  );
}

export function App() {
  const t = useT(messages);
  const [token, setToken] = useState(() => localStorage.getItem(TOKEN_KEY));
  const [tab, setTab] = useState<'businesses' | 'bookings'>('businesses');
  useEffect(() => setLoggedOutHandler(() => setToken(null)), []);
  if (!token) {
    return (
      <Login
        onToken={(next) => {
          localStorage.setItem(TOKEN_KEY, next);
          setToken(next);
        }}
      />
    );
  }
  return (
    <div class="app">
      <nav class="side" aria-label={t('title')}>
        <div class="brand">{t('title')}</div>
        {(['businesses', 'bookings'] as const).map((name) => (
          <a
            key={name}
            href={`#${name}`}
            aria-current={tab === name ? 'page' : undefined}
            onClick={(event) => (event.preventDefault(), setTab(name))}
          >
            {t(name)}
          </a>
        ))}
        <div class="spacer" />
        <LangSwitch />
        <a href="#logout" onClick={(event) => (event.preventDefault(), localStorage.removeItem(TOKEN_KEY), setToken(null))}>
          {t('logout')}
        </a>
      </nav>
      <main class="main">
        <div class="topbar">
          <h1>{t(tab)}</h1>
        </div>
        {tab === 'businesses' ? <BusinessesPage /> : <BookingsPage />}
      </main>
    </div>
  );
}
