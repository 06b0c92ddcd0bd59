/** The bot's /panel link, `/admin#master={code}` (CONTRACT.md §16): redeemed once for the master's token. */
import { useEffect, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { client, setToken, type Business } from '../common/state';
import type { MasterUser } from './master-day';
import { useMasterPanelT } from './messages';
import './master-panel.css';

export function masterCodeFromHash(hash: string): string | null {
  const match = /^#master=([0-9a-f]+)$/.exec(hash);
  return match?.[1] ?? null;
}

/** Redeems the link the page was opened with; the used link leaves the address bar either way. */
export function useMasterLink(
  code: string | null,
  onSession: (session: { user: MasterUser; business: Business }) => void,
): { busy: boolean; failed: JSX.Element | null } {
  const tm = useMasterPanelT();
  const [busy, setBusy] = useState(code !== null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!code) return;
    history.replaceState(null, '', location.pathname + location.search);
    client.post('/auth/master-link', { body: { code } }).then(
      (session) => {
        setToken(session.access_token);
        onSession(session);
        setBusy(false);
      },
      () => {
        setFailed(true);
        setBusy(false);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the link the page was opened with
  }, []);
  return {
    busy,
    failed: failed ? (
      <p class="notice master-login-failed" role="alert" data-testid="master-login-failed">
        {tm('masterLoginFailed')}
      </p>
    ) : null,
  };
}
