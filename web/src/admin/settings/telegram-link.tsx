/**
 * Settings → Telegram (CONTRACT.md §11): the secret link that connects the
 * owner's chat, its QR code, a new link (the old one stops working) and
 * disconnecting. Disconnecting ends every earlier session of the owner, so
 * the panel swaps in the fresh token the answer carries and carries on.
 */
import { useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import { ErrorBox, Loading, generalError, useAction, useLoad } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { useQr } from '../common/qr';
import { client, setToken, useSession } from '../common/state';
import { Confirm } from './confirm';
import { useSettingsT } from './messages';
import { useFreshLink } from './use-fresh-link';

const FRESH_TOKEN_HEADER = 'x-access-token';

type Pending = 'rotate' | 'unlink' | null;

export function TelegramLink() {
  const t = useT(messages);
  const s = useSettingsT();
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
          {linked ? s('telegramLinked') : s('telegramNotLinked')}
        </p>
        <div class="row telegram-body">
          <div class="qr" aria-label={t('qrLabel')} role="img" dangerouslySetInnerHTML={{ __html: qr }} />
          <div class="telegram-text">
            <p class="flush-top">{s('telegramHelp')}</p>
            <p>
              <a class={linked ? 'btn btn-ghost' : 'btn'} href={url} target="_blank" rel="noopener" data-testid="telegram-link">
                {s('connectTelegram')}
              </a>
            </p>
            <p class="muted small-note link-label">{s('telegramLink')}:</p>
            <p class="flush-top long-url">
              <code data-testid="telegram-url">{url}</code>
            </p>
            <p class="muted small-note">{s('telegramSecret')}</p>
          </div>
        </div>
        <ErrorBox error={isBotOff(actionError) ? t('botDisabled') : generalError(actionError)} />
        {done && (
          <p role="status" class="muted">
            {done === 'rotated' ? s('telegramRotated') : s('telegramUnlinked')}
          </p>
        )}
        {pending === 'rotate' ? (
          <Confirm
            text={s('telegramRotateConfirm')}
            yes={s('telegramRotateYes')}
            busy={rotate.busy}
            onYes={() => void rotate.run()}
            onNo={() => setPending(null)}
          />
        ) : pending === 'unlink' ? (
          <Confirm
            text={s('telegramUnlinkConfirm')}
            yes={s('telegramUnlinkYes')}
            danger
            busy={unlink.busy}
            onYes={() => void unlink.run()}
            onNo={() => setPending(null)}
          />
        ) : (
          <div class="row">
            <button type="button" class="btn btn-ghost btn-small" onClick={() => ask('rotate')}>
              {s('telegramRotate')}
            </button>
            {linked && (
              <button type="button" class="btn btn-ghost btn-small danger" onClick={() => ask('unlink')}>
                {s('telegramUnlink')}
              </button>
            )}
          </div>
        )}
      </>
    );
  }
  return (
    <section class="card" aria-labelledby="telegram-title">
      <h2 id="telegram-title">{s('telegram')}</h2>
      {body}
    </section>
  );
}
