/** The /admin entry: session check (owner, master, reset link), then the shell (shell.tsx) or a master's own day. */
import { useEffect, useState } from 'preact/hooks';
import { Loading } from '@shared/panel-ui';
import { Login } from './auth/login';
import { Register } from './auth/register';
import { ResetPassword, resetTokenFromHash } from './auth/reset-password';
import { useT, messages } from './common/messages';
import { SessionContext, client, getToken, navigate, setToken, usePath, type Business } from './common/state';
import { Shell } from './shell';
import { MasterDay, type MasterUser } from './master-panel/master-day';
import { masterCodeFromHash, useMasterLink } from './master-panel/master-login';

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
