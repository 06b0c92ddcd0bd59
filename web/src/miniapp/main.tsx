/**
 * /app, the Telegram mini app: reads the business slug from start_param,
 * logs in with the signed initData, then shows the booking flow to a
 * customer or the day's bookings to the salon's provider.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import '@shared/theme.css';
import '../booking/booking.css';
import './miniapp.css';
import { hasCode } from '@shared/api';
import { getLang, useT } from '@shared/i18n';
import { readInitialData } from '@shared/wall-clock';
import { parseStartParam } from '@core/reach-links.js';
import type { InitialData } from '../booking/types';
import { CustomerView } from './customer';
import { MasterMiniView } from './master-view';
import { miniMessages } from './messages';
import { WebPageLink } from './outside';
import { ProviderView } from './provider';
import { MiniSession, type MessengerLogin } from './session';
import { startParamOfUrl } from './start-link';
import { applyTheme, telegramConfirm, telegramHost, telegramWebApp, type TelegramWebApp } from './telegram';

const loaded: InitialData = readInitialData<InitialData>() ?? {
  config: { captcha_site_key: null, bot_username: null, timezone: 'Asia/Almaty' },
};
// The signed initData stands in for the captcha (CONTRACT.md §3): the mini app never shows the widget.
const initial: InitialData = { ...loaded, config: { ...loaded.config, captcha_site_key: null } };

/** Telegram login off (not_configured) is said apart: the salon's web page books the same way. */
type State = { kind: 'opening' } | { kind: 'failed'; off: boolean } | { kind: 'ready'; login: MessengerLogin };

function MiniApp({ app }: { app: TelegramWebApp }) {
  const t = useT(miniMessages);
  const startParam = app.initDataUnsafe.start_param ?? '';
  // Once per launch: initData, start_param and the Telegram object do not change while the mini app is open.
  const [session] = useState(() => new MiniSession(app.initData, startParam));
  const [host] = useState(() => telegramHost(app));
  const [state, setState] = useState<State>({ kind: 'opening' });

  useEffect(() => {
    session.login().then(
      (login) => setState({ kind: 'ready', login }),
      (error) => setState({ kind: 'failed', off: hasCode(error, 'not_configured') }),
    );
  }, [session]);

  if (state.kind === 'opening') return <p class="mini-note muted">{t('opening')}</p>;
  // Telegram login off (CONTRACT.md §18): the salon's web page books the same way, so the client is not stuck.
  if (state.kind === 'failed')
    return (
      <p class="mini-note error">
        {state.off ? t('noBot') : t('loginFailed')} {state.off && <WebPageLink startParam={startParam} />}
      </p>
    );
  const { login } = state;
  const confirmCancel = (text: string) => telegramConfirm(app, text);
  const timeZone = initial.config.timezone;
  if (login.role === 'provider' || login.role === 'master') {
    host.back(null);
    host.main(null);
    if (login.role === 'provider') return <ProviderView api={session.api} timeZone={timeZone} confirmCancel={confirmCancel} />;
    return <MasterMiniView api={session.api} timeZone={timeZone} confirmCancel={confirmCancel} />;
  }
  // CONTRACT.md §18: "{slug}__m{id}__s{id}" names the salon and what the link chose.
  const { slug: linkSlug, ...chosen } = parseStartParam(startParam);
  const slug = linkSlug || login.businessSlug;
  if (!slug) return <p class="mini-note muted">{t('noSlug')}</p>;
  return <CustomerView app={app} slug={slug} api={session.api} host={host} initial={initial} chosen={chosen} />;
}

/** Outside Telegram (CONTRACT.md §18): one line, and the salon's web page of the start parameter, where the client can book. */
function NotInTelegram({ startParam }: { startParam: string }) {
  const t = useT(miniMessages);
  return (
    <p class="mini-note muted" data-outside-telegram>
      {t('notTelegram')} <WebPageLink startParam={startParam} />
    </p>
  );
}

document.documentElement.lang = getLang();
const root = document.getElementById('root')!;
const app = telegramWebApp();
if (app && app.initData) {
  applyTheme(app);
  app.onEvent('themeChanged', () => applyTheme(app));
  app.ready();
  app.expand();
  render(<MiniApp app={app} />, root);
} else {
  render(<NotInTelegram startParam={startParamOfUrl(location)} />, root);
}
