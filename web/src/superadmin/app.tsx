/** /superadmin: operator login, then two tabs: businesses with counts (businesses.tsx) and all bookings (bookings.tsx). */
import { useEffect, useState } from 'preact/hooks';
import { useT } from '@shared/i18n';
import { LangSwitch } from '@shared/lang-switch';
import { BookingsPage } from './bookings';
import { BusinessesPage } from './businesses';
import { Login } from './login';
import { messages } from './messages';
import { TOKEN_KEY, setLoggedOutHandler } from './state';

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
