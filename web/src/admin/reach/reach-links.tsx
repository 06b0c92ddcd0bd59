/**
 * A master's or a service's own links (CONTRACT.md §18): the booking page
 * with it chosen, its QR code and the mini app opened on it. Folded under one
 * summary per row; the QR code is drawn only when opened.
 */
import { useEffect, useState } from 'preact/hooks';
import { defineMessages, useT } from '@shared/i18n';
import { miniAppLink, pageQuery, startParamFor, type LinkChoice } from '@core/reach-links.js';
import { publicConfig } from '../auth/auth';
import { CopyButton } from '../common/copy-button';
import { useSession } from '../common/state';
import { useQr } from '../common/telegram-link';

const linkMessages = defineMessages({
  ru: {
    links: 'Ссылка и QR-код',
    page: 'Страница записи',
    miniApp: 'Мини-приложение Telegram',
    qr: 'QR-код ссылки',
    masterHelp: 'Клиент по этой ссылке видит только услуги этого мастера — для Instagram мастера и визитки.',
    serviceHelp: 'Клиент по этой ссылке сразу выбирает время этой услуги — для рекламы и поста об услуге.',
  },
  kk: {
    links: 'Сілтеме және QR-код',
    page: 'Жазылу беті',
    miniApp: 'Telegram мини-қосымшасы',
    qr: 'Сілтеменің QR-коды',
    masterHelp: 'Осы сілтеме бойынша клиент тек осы шебердің қызметтерін көреді — шебердің Instagram-ы мен визиткасы үшін.',
    serviceHelp: 'Осы сілтеме бойынша клиент бірден осы қызметтің уақытын таңдайды — жарнама мен жазба үшін.',
  },
  en: {
    links: 'Link and QR code',
    page: 'Booking page',
    miniApp: 'Telegram mini app',
    qr: 'QR code of the link',
    masterHelp: 'Clients opening this link see only this specialist’s services: for their Instagram and business card.',
    serviceHelp: 'Clients opening this link go straight to the times of this service: for an ad or a post about it.',
  },
});

function LinkLine({ label, url, testId }: { label: string; url: string; testId: string }) {
  return (
    <div class="row" style="align-items:center;gap:8px;margin:6px 0">
      <span class="muted" style="min-width:10em">
        {label}
      </span>
      <code style="overflow-wrap:anywhere;flex:1;min-width:12em" data-testid={testId}>
        {url}
      </code>
      <CopyButton text={url} />
    </div>
  );
}

export function ReachLinks({ choice, name }: { choice: LinkChoice; name: string }) {
  const t = useT(linkMessages);
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
      style="flex-basis:100%;margin-top:6px"
    >
      <summary style="cursor:pointer;min-height:40px;line-height:40px">
        {t('links')} <span class="muted">&nbsp;· {name}</span>
      </summary>
      {open && (
        <div style="padding:6px 0">
          <p class="muted" style="margin:0 0 6px;font-size:.9rem">
            {t(kind === 'master' ? 'masterHelp' : 'serviceHelp')}
          </p>
          <LinkLine label={t('page')} url={page} testId="reach-page-link" />
          {bot && param && <LinkLine label={t('miniApp')} url={miniAppLink(bot, param)} testId="reach-mini-app-link" />}
          <div class="qr" aria-label={t('qr')} role="img" data-testid="reach-qr" dangerouslySetInnerHTML={{ __html: qr }} />
        </div>
      )}
    </details>
  );
}
