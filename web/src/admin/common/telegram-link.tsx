/**
 * Settings → Telegram (CONTRACT.md §11): the secret link that connects the
 * owner's chat, its QR code, a new link (the old one stops working) and
 * disconnecting. Disconnecting ends every earlier session of the owner, so
 * the panel swaps in the fresh token the answer carries and carries on.
 */
import { useEffect, useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import { ErrorBox, Loading, generalError, useAction, useLoad } from '@shared/panel-ui';
import { useT, messages } from './messages';
import { client, setToken, useSession } from './state';

const FRESH_TOKEN_HEADER = 'x-access-token';

type Pending = 'rotate' | 'unlink' | null;

export function useQr(link: string | undefined): string {
  const [qr, setQr] = useState('');
  useEffect(() => {
    setQr('');
    if (!link) return;
    let current = true;
    // qrcode is loaded only here, so it never weighs on the other pages
    void import('qrcode')
      .then((QR) => QR.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => current && setQr(svg));
    return () => void (current = false);
  }, [link]);
  return qr;
}

/** An inline "are you sure" line: the question, the action and a way out. */
function Confirm(props: { text: string; yes: string; danger?: boolean; busy: boolean; onYes: () => void; onNo: () => void }) {
  const t = useT(messages);
  return (
    <div class="notice" role="alert" data-testid="telegram-confirm">
      <p style="margin:0 0 10px">{props.text}</p>
      <div class="row">
        <button type="button" class={`btn btn-small${props.danger ? ' btn-danger' : ''}`} disabled={props.busy} onClick={props.onYes}>
          {props.yes}
        </button>
        <button type="button" class="btn btn-ghost btn-small" onClick={props.onNo}>
          {t('cancelAction')}
        </button>
      </div>
    </div>
  );
}

/**
 * A code links once (CONTRACT.md §11): once the owner has used the link in Telegram, the one shown
 * here no longer works. Asked again when the owner comes back to the tab, and every few seconds
 * while no chat is linked, so the panel shows the new link and "linked" at once.
 */
function useFreshLink(reload: () => void, waitingForLink: boolean): void {
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && reload();
    document.addEventListener('visibilitychange', onVisible);
    const timer = waitingForLink ? setInterval(reload, 4000) : undefined;
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      if (timer) clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload is the loader's own, stable for the screen
  }, [waitingForLink]);
}

export function TelegramLink() {
  const t = useT(messages);
  const session = useSession();
  const link = useLoad((signal) => client.get('/business/telegram', { signal }), []);
  const [pending, setPending] = useState<Pending>(null);
  const [done, setDone] = useState<'rotated' | 'unlinked' | null>(null);
  const qr = useQr(link.data?.url);
  useFreshLink(link.reload, link.data?.linked === false);

  const rotate = useAction(async () => {
    link.set(await client.post('/business/telegram/rotate'));
    setPending(null);
    setDone('rotated');
  });
  const unlink = useAction(async () => {
    await client.del('/business/telegram', {
      onHeaders: (headers) => {
        const fresh = headers.get(FRESH_TOKEN_HEADER);
        if (fresh) setToken(fresh);
      },
    });
    setPending(null);
    setDone('unlinked');
    link.reload();
    void client.get('/business').then(session.setBusiness, () => undefined);
  });
  const ask = (what: Pending) => {
    setDone(null);
    rotate.setError(undefined);
    unlink.setError(undefined);
    setPending(what);
  };

  // the server's text names its settings: the owner reads a plain sentence instead
  const isBotOff = (error: unknown) => hasCode(error, 'not_configured');
  const botOff = isBotOff(link.error);
  const actionError = rotate.error ?? unlink.error;
  let body;
  if (botOff)
    body = (
      <p class="muted" data-testid="telegram-off">
        {t('botDisabled')}
      </p>
    );
  else if (link.error && !link.data) body = <ErrorBox error={generalError(link.error)} />;
  else if (!link.data) body = <Loading text={t('loading')} />;
  else {
    const { url, linked } = link.data;
    body = (
      <>
        <p data-testid="telegram-status" class={linked ? 'notice success' : 'notice'}>
          {linked ? t('telegramLinked') : t('telegramNotLinked')}
        </p>
        <div class="row" style="align-items:start;gap:20px">
          <div class="qr" aria-label={t('qrLabel')} role="img" dangerouslySetInnerHTML={{ __html: qr }} />
          <div style="flex:1;min-width:220px">
            <p style="margin-top:0">{t('telegramHelp')}</p>
            <p>
              <a class={linked ? 'btn btn-ghost' : 'btn'} href={url} target="_blank" rel="noopener" data-testid="telegram-link">
                {t('connectTelegram')}
              </a>
            </p>
            <p class="muted" style="font-size:.9rem;margin-bottom:4px">
              {t('telegramLink')}:
            </p>
            <p style="margin-top:0;overflow-wrap:anywhere">
              <code data-testid="telegram-url">{url}</code>
            </p>
            <p class="muted" style="font-size:.9rem">
              {t('telegramSecret')}
            </p>
          </div>
        </div>
        <ErrorBox error={isBotOff(actionError) ? t('botDisabled') : generalError(actionError)} />
        {done && (
          <p role="status" class="muted">
            {done === 'rotated' ? t('telegramRotated') : t('telegramUnlinked')}
          </p>
        )}
        {pending === 'rotate' ? (
          <Confirm
            text={t('telegramRotateConfirm')}
            yes={t('telegramRotateYes')}
            busy={rotate.busy}
            onYes={() => void rotate.run()}
            onNo={() => setPending(null)}
          />
        ) : pending === 'unlink' ? (
          <Confirm
            text={t('telegramUnlinkConfirm')}
            yes={t('telegramUnlinkYes')}
            danger
            busy={unlink.busy}
            onYes={() => void unlink.run()}
            onNo={() => setPending(null)}
          />
        ) : (
          <div class="row">
            <button type="button" class="btn btn-ghost btn-small" onClick={() => ask('rotate')}>
              {t('telegramRotate')}
            </button>
            {linked && (
              <button type="button" class="btn btn-ghost btn-small danger" onClick={() => ask('unlink')}>
                {t('telegramUnlink')}
              </button>
            )}
          </div>
        )}
      </>
    );
  }
  return (
    <section class="card" aria-labelledby="telegram-title">
      <h2 id="telegram-title">{t('telegram')}</h2>
      {body}
    </section>
  );
}
