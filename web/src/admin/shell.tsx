/** The owner's panel around a page: navigation (folded behind a menu on a phone), the waiting badge, one page per path. */
import { useEffect, useState } from 'preact/hooks';
import { LangSwitch } from '@shared/panel-ui';
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
import { startLive, usePendingCount } from './common/live';
import { navigate, type Business } from './common/state';
import { useShellT } from './shell-messages';

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

export function Shell(props: { path: string; business: Business; onLogout: () => void }) {
  const t = useT(messages);
  const current = PAGES.find((p) => props.path.startsWith(p.path)) ?? PAGES[0]!;
  const Page = current.page;
  const ts = useShellT();
  // On a phone the links fold behind a menu button (panel.css); a chosen page folds them again.
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [props.path]);
  useEffect(() => startLive(), []);
  const waiting = usePendingCount();
  const badge = waiting > 0 && (
    <>
      {/* The number is for the eye; a screen reader reads the sentence (an aria-label on a plain span is not read). */}
      <span class="count-badge" title={ts('waiting', { n: waiting })} aria-hidden="true" data-testid="waiting-badge">
        {waiting}
      </span>
      <span class="visually-hidden">{ts('waiting', { n: waiting })}</span>
    </>
  );
  useEffect(() => {
    document.title = `${waiting > 0 ? `(${waiting}) ` : ''}${t(current.label)} · ${props.business.name}`;
  }, [current, props.business.name, t, waiting]);
  return (
    <div class="app">
      <nav class="side" aria-label={t('menu')} data-open={menuOpen ? 'true' : 'false'}>
        <div class="brand">{props.business.name}</div>
        <button type="button" class="menu-toggle" aria-expanded={menuOpen} aria-controls="nav-links" onClick={() => setMenuOpen((v) => !v)}>
          {menuOpen ? `✕ ${ts('closeMenu')}` : `☰ ${ts('navMenu')}`}
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
