/** The /admin shell: session check, navigation, one page per path. */
import { useEffect, useState } from 'preact/hooks';
import { LangSwitch, Loading } from '@shared/panel-ui';
import { Login, Register, ResetPassword, resetTokenFromHash } from './auth/auth';
import { CalendarPage } from './calendar/calendar';
import { BookingsPage } from './bookings/bookings-list';
import { CatalogPage } from './catalog/catalog';
import { MastersPage } from './masters/masters';
import { SchedulesPage } from './schedules/schedules';
import { SettingsPage } from './settings/settings';
import { ClientsPage } from './clients/clients';
import { OverviewPage } from './overview/overview';
import { IntegrationsPage } from './integrations/integrations';
import { useT, messages, type MessageKey } from './common/messages';
import { useOwnerT } from './common/owner-messages';
import { useCardT } from './clients/card-messages';
import { startLive, usePendingCount } from './common/live';
import { SessionContext, client, getToken, navigate, setToken, usePath, type Business } from './common/state';
import { MasterDay, type MasterUser } from './master-panel/master-day';
import { masterCodeFromHash, useMasterLink } from './master-panel/master-login';

const PAGES: Array<{ path: string; label: MessageKey; page: () => preact.JSX.Element }> = [
  { path: '/admin/calendar', label: 'navCalendar', page: CalendarPage },
  { path: '/admin/bookings', label: 'navBookings', page: BookingsPage },
  { path: '/admin/overview', label: 'navOverview', page: OverviewPage },
  { path: '/admin/clients', label: 'navClients', page: ClientsPage },
  { path: '/admin/services', label: 'navServices', page: CatalogPage },
  { path: '/admin/masters', label: 'navMasters', page: MastersPage },
  { path: '/admin/schedules', label: 'navSchedules', page: SchedulesPage },
  { path: '/admin/settings', label: 'navSettings', page: SettingsPage },
  { path: '/admin/integrations', label: 'navIntegrations', page: IntegrationsPage },
];

function Shell(props: { path: string; business: Business; onLogout: () => void }) {
  const t = useT(messages);
  const current = PAGES.find((p) => props.path.startsWith(p.path)) ?? PAGES[0]!;
  const Page = current.page;
  const o = useOwnerT();
  // On a phone the links fold behind a menu button (panel.css); a chosen page folds them again.
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [props.path]);
  useEffect(() => startLive(), []);
  const waiting = usePendingCount();
  const c = useCardT();
  const badge = waiting > 0 && (
    <span class="count-badge" title={c('waiting', { n: waiting })} aria-label={c('waiting', { n: waiting })} data-testid="waiting-badge">
      {waiting}
    </span>
  );
  useEffect(() => {
    document.title = `${waiting > 0 ? `(${waiting}) ` : ''}${t(current.label)} · ${props.business.name}`;
  }, [current, props.business.name, t, waiting]);
  return (
    <div class="app">
      <nav class="side" aria-label={t('menu')} data-open={menuOpen ? 'true' : 'false'}>
        <div class="brand">{props.business.name}</div>
        <button type="button" class="menu-toggle" aria-expanded={menuOpen} aria-controls="nav-links" onClick={() => setMenuOpen((v) => !v)}>
          {menuOpen ? `✕ ${o('closeMenu')}` : `☰ ${o('navMenu')}`}
          {!menuOpen && badge}
        </button>
        <div class="nav-links" id="nav-links">
          {PAGES.map((p) => (
            <a
              key={p.path}
              href={p.path}
              aria-current={p === current ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                navigate(p.path);
              }}
            >
              {t(p.label)}
              {p.path === '/admin/bookings' && badge}
            </a>
          ))}
          <div class="spacer" />
          <LangSwitch />
          <a href="/admin/login" onClick={(event) => (event.preventDefault(), props.onLogout())}>
            {t('logout')}
          </a>
        </div>
      </nav>
      <main class="main" id="main">
        <Page />
      </main>
    </div>
  );
}

export function App() {
  const path = usePath();
  const t = useT(messages);
  const [business, setBusiness] = useState<Business | null>(null);
  const [resetToken, setResetToken] = useState(() => resetTokenFromHash(location.hash));
  // A master's own session (CONTRACT.md §16): from the bot's /panel link, or a token of one kept from before.
  const [me, setMe] = useState<MasterUser | null>(null);
  const master = useMasterLink(masterCodeFromHash(location.hash), (session) => (setMe(session.user), setBusiness(session.business)));
  const token = getToken();
  useEffect(() => {
    // a reset link pasted into a tab that already shows the panel changes only the hash
    const onHash = () => resetTokenFromHash(location.hash) && setResetToken(resetTokenFromHash(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    if (!token) return setBusiness(null);
    if (business) return;
    client.get('/auth/me').then(
      (answer) => {
        if (answer.user.role === 'MASTER') setMe(answer.user);
        setBusiness(answer.business);
      },
      () => undefined,
    );
  }, [token, business]);

  const onSession = (next: Business) => {
    setBusiness(next);
    navigate('/admin/calendar', true);
  };
  const logout = () => {
    setToken(null);
    setBusiness(null);
    setMe(null);
    navigate('/admin/login', true);
  };

  const atEntry = path === '/admin' || path === '/admin/' || path === '/admin/login' || path === '/admin/register';
  useEffect(() => {
    if (token && atEntry && !resetToken) navigate('/admin/calendar', true);
  }, [token, atEntry, resetToken]);

  if (resetToken) {
    const leave = (next?: Business) => {
      setResetToken(null);
      history.replaceState(null, '', location.pathname + location.search); // the used link leaves the address bar
      if (next) onSession(next);
      else navigate('/admin/login', true);
    };
    return <ResetPassword token={resetToken} onSession={leave} onBack={() => leave()} />;
  }

  if (master.busy)
    return (
      <main class="auth">
        <Loading text={t('loading')} />
      </main>
    );
  if (!token)
    return (
      <>
        {master.failed}
        {path === '/admin/register' ? <Register onSession={onSession} /> : <Login onSession={onSession} />}
      </>
    );
  if (business && me) return <MasterDay me={me} business={business} onLogout={logout} />;
  if (!business)
    return (
      <main class="auth">
        <Loading text={t('loading')} />
      </main>
    );
  return (
    <SessionContext.Provider value={{ business, setBusiness, logout }}>
      <Shell path={path} business={business} onLogout={logout} />
    </SessionContext.Provider>
  );
}
