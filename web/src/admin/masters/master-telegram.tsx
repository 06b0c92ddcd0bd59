/**
 * A master's card → "Подключить Telegram" (CONTRACT.md §16): the master's single-use link with its QR
 * code, linked or not, a new link (ends the master's sessions) and disconnecting.
 */
import { useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import { ErrorBox, Loading, generalError, useAction, useLoad } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { useQr } from '../common/qr';
import { client, type Master } from '../common/state';
import { useMastersT } from './messages';

function MasterTelegramPanel(props: { master: Master; onChange: () => void; onClose: () => void }) {
  const t = useT(messages);
  const s = useMastersT();
  const id = props.master.id;
  const link = useLoad((signal) => client.get('/masters/{id}/telegram', { path: { id }, signal }), [id]);
  const [done, setDone] = useState<'rotated' | 'unlinked' | null>(null);
  const qr = useQr(link.data?.url);
  const rotate = useAction(async () => {
    link.set(await client.post('/masters/{id}/telegram/rotate', { path: { id } }));
    setDone('rotated');
  });
  const unlink = useAction(async () => {
    await client.del('/masters/{id}/telegram', { path: { id } });
    setDone('unlinked');
    link.reload();
    props.onChange();
  });
  const error = link.error ?? rotate.error ?? unlink.error;
  return (
    <div class="card master-telegram" data-testid={`master-telegram-${id}`}>
      <h3 class="flush-top">{s('masterTelegramTitle', { name: props.master.name })}</h3>
      {hasCode(error, 'not_configured') ? (
        <p class="muted">{t('botDisabled')}</p>
      ) : !link.data ? (
        link.error ? (
          <ErrorBox error={generalError(link.error)} />
        ) : (
          <Loading text={t('loading')} />
        )
      ) : (
        <>
          <p class={link.data.linked ? 'notice success' : 'notice'} data-testid="master-telegram-status">
            {link.data.linked ? s('masterTelegramLinked') : s('masterTelegramNotLinked')}
          </p>
          <div class="row master-telegram-body">
            <div class="qr" role="img" aria-label={t('qrLabel')} dangerouslySetInnerHTML={{ __html: qr }} />
            <div class="master-telegram-text">
              <p class="flush-top">{s('masterTelegramHelp')}</p>
              <p>
                <a class="btn" href={link.data.url} target="_blank" rel="noopener" data-testid="master-telegram-link">
                  {s('connectMasterTelegram')}
                </a>
              </p>
              <p class="muted small-print link-label">{s('masterTelegramLinkLabel')}:</p>
              <p class="flush-top long-url">
                <code data-testid="master-telegram-url">{link.data.url}</code>
              </p>
            </div>
          </div>
          <ErrorBox error={generalError(rotate.error ?? unlink.error)} />
          {done && (
            <p role="status" class="muted">
              {done === 'rotated' ? s('masterTelegramRotated') : s('masterTelegramUnlinked')}
            </p>
          )}
          <div class="row">
            <button type="button" class="btn btn-ghost btn-small" disabled={rotate.busy} onClick={() => void rotate.run()}>
              {s('masterTelegramNewLink')}
            </button>
            {link.data.linked && (
              <button type="button" class="btn btn-ghost btn-small danger" disabled={unlink.busy} onClick={() => void unlink.run()}>
                {s('masterTelegramUnlink')}
              </button>
            )}
          </div>
        </>
      )}
      <button type="button" class="btn btn-ghost btn-small" onClick={props.onClose}>
        {s('hide')}
      </button>
    </div>
  );
}

/** The card's button and, when open, the panel above. */
export function MasterTelegram(props: { master: Master; onChange: () => void }) {
  const s = useMastersT();
  const [open, setOpen] = useState(false);
  if (open) return <MasterTelegramPanel master={props.master} onChange={props.onChange} onClose={() => setOpen(false)} />;
  return (
    <button
      type="button"
      class="btn btn-ghost btn-small"
      onClick={() => setOpen(true)}
      aria-label={`${s('connectMasterTelegram')} ${props.master.name}`}
      data-testid={`master-telegram-open-${props.master.id}`}
    >
      {props.master.telegram_linked ? `✓ ${s('masterTelegramLinked')}` : s('connectMasterTelegram')}
    </button>
  );
}
