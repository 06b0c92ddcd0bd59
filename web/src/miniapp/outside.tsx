/**
 * The mini app where it cannot log in (outside Telegram, or Telegram login
 * off): a link to the salon's web page, which books the same way
 * (CONTRACT.md §18). The salon is the start parameter's, the link chose the same.
 */
import { defineMessages, useT } from '@shared/i18n';
import { webPageOf } from './start-link';

const outsideMessages = defineMessages({
  ru: { open: 'Открыть страницу записи салона' },
  kk: { open: 'Салонның жазылу бетін ашу' },
  en: { open: 'Open the salon’s booking page' },
});

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
