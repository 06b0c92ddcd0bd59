/**
 * A master's or a service's own links (CONTRACT.md §18): the booking page
 * with it chosen, its QR code and the mini app opened on it. Folded under one
 * summary per row; the QR code is drawn only when opened.
 */
import { useEffect, useState } from 'preact/hooks';
import { miniAppLink, pageQuery, startParamFor, type LinkChoice } from '@core/reach-links.js';
import { publicConfig } from '../auth/auth';
import { CopyButton } from '../common/copy-button';
import { useSession } from '../common/state';
import { useQr } from '../common/qr';
import { useReachT } from './messages';
import './reach.css';

function LinkLine({ label, url, testId }: { label: string; url: string; testId: string }) {
  return (
    <div class="row link-line">
      <span class="muted link-line-label">{label}</span>
      <code class="link-line-url" data-testid={testId}>
        {url}
      </code>
      <CopyButton text={url} />
    </div>
  );
}

export function ReachLinks({ choice, name }: { choice: LinkChoice; name: string }) {
  const t = useReachT();
  const { business } = useSession();
  const [open, setOpen] = useState(false);
  const [bot, setBot] = useState<string | null>(null);
  useEffect(() => void publicConfig().then((config) => setBot(config.bot_username)), []);
  const page = `${location.origin}/${business.slug}${pageQuery(choice)}`;
  const param = startParamFor(business.slug, choice);
  const qr = useQr(open ? page : undefined);
  const kind = choice.masterId !== undefined ? 'master' : 'service';
  return (
    <details
      class="reach-links"
      data-testid={`reach-links-${kind}-${choice.masterId ?? choice.serviceId}`}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        {t('links')} <span class="muted">&nbsp;· {name}</span>
      </summary>
      {open && (
        <div class="reach-links-body">
          <p class="muted reach-links-help">{t(kind === 'master' ? 'masterHelp' : 'serviceHelp')}</p>
          <LinkLine label={t('page')} url={page} testId="reach-page-link" />
          {bot && param && <LinkLine label={t('miniApp')} url={miniAppLink(bot, param)} testId="reach-mini-app-link" />}
          <div class="qr" aria-label={t('qr')} role="img" data-testid="reach-qr" dangerouslySetInnerHTML={{ __html: qr }} />
        </div>
      )}
    </details>
  );
}
