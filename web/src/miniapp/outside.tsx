/**
 * The mini app where it cannot log in (outside Telegram, or Telegram login
 * off): a link to the salon's web page, which books the same way
 * (CONTRACT.md §18). The salon is the start parameter's, the link chose the same.
 */
import { defineMessages, useT } from '@shared/i18n';
import { pageQuery, parseStartParam } from '@core/reach-links.js';

const outsideMessages = defineMessages({
  ru: { open: 'Открыть страницу записи салона' },
  kk: { open: 'Салонның жазылу бетін ашу' },
  en: { open: 'Open the salon’s booking page' },
});

/** The start parameter when Telegram is not there to give it: ?startapp=, or tgWebAppStartParam in the query or the hash. */
export function startParamOfUrl(where: { search: string; hash: string }): string {
  const search = new URLSearchParams(where.search);
  const hash = new URLSearchParams(where.hash.replace(/^#/, ''));
  return search.get('startapp') ?? search.get('tgWebAppStartParam') ?? hash.get('tgWebAppStartParam') ?? '';
}

/** `/{slug}` with what the start parameter chose; nothing when it names no salon. */
export function webPageOf(startParam: string): string | null {
  const { slug, ...choice } = parseStartParam(startParam);
  return /^[a-z0-9-]+$/.test(slug) ? `/${slug}${pageQuery(choice)}` : null;
}

export function WebPageLink({ startParam }: { startParam: string }) {
  const t = useT(outsideMessages);
  const href = webPageOf(startParam);
  if (!href) return null;
  return (
    <a class="web-page" href={href} data-web-page>
      {t('open')}
    </a>
  );
}
