/**
 * /app, the Telegram mini app: reads the business slug from start_param,
 * logs in with the signed initData, then shows the booking flow to a
 * customer or the day's bookings to the salon's provider.
 */
import { render } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import '@shared/theme.css';
import '../booking/booking.css';
import './miniapp.css';
import { hasCode } from '@shared/api';
import { getLang, useT } from '@shared/i18n';
import { readInitialData } from '@shared/wall-clock';
import { BookingFlow } from '../booking/flow';
import type { InitialData } from '../booking/types';
import { miniMessages } from './messages';
import { ProviderView } from './provider';
import { MiniSession, type MessengerLogin } from './session';
import { applyTheme, telegramConfirm, telegramHost, telegramWebApp, type TelegramWebApp } from './telegram';
import { parseStartParam, type LinkChoice } from '@core/reach-links.js';
import { keepChoices } from '../booking/history';
import { MiniTabs, MyBookings, type MiniTab } from './my-bookings';
import { WebPageLink } from './outside';
import { startParamOfUrl } from './start-link';

const loaded: InitialData = readInitialData<InitialData>() ?? {
  config: { captcha_site_key: null, bot_username: null, timezone: 'Asia/Almaty' },
};
// The signed initData stands in for the captcha (CONTRACT.md §3): the mini app never shows the widget.
const initial: InitialData = { ...loaded, config: { ...loaded.config, captcha_site_key: null } };

type State = { kind: 'opening' } | { kind: 'failed'; message: string; off: boolean } | { kind: 'ready'; login: MessengerLogin };

function MiniApp({ app }: { app: TelegramWebApp }) {
  const t = useT(miniMessages);
  const startParam = app.initDataUnsafe.start_param ?? '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per launch: initData and start_param do not change while the mini app is open
  const session = useMemo(() => new MiniSession(app.initData, startParam), []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per launch: the Telegram object does not change while the mini app is open
  const host = useMemo(() => telegramHost(app), []);
  const [state, setState] = useState<State>({ kind: 'opening' });

  useEffect(() => {
    session.login().then(
      (login) => setState({ kind: 'ready', login }),
      (error) =>
        setState({
          kind: 'failed',
          message: hasCode(error, 'not_configured') ? t('noBot') : t('loginFailed'),
          off: hasCode(error, 'not_configured'),
        }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per launch
  }, []);

  if (state.kind === 'opening') return <p class="mini-note muted">{t('opening')}</p>;
  // Telegram login off (CONTRACT.md §18, #35): the salon's web page books the same way.
  if (state.kind === 'failed')
    return (
      <p class="mini-note error">
        {state.message} {state.off && <WebPageLink startParam={startParam} />}
      </p>
    );
  const { login } = state;
  if (login.role === 'provider') {
    host.back(null);
    host.main(null);
    return <ProviderView api={session.api} timeZone={initial.config.timezone} confirmCancel={(text) => telegramConfirm(app, text)} />;
  }
  if (login.role === 'master') {
    host.back(null);
    host.main(null);
    return <MasterMiniView api={session.api} confirmCancel={(text) => telegramConfirm(app, text)} />;
  }
  // CONTRACT.md §18: "{slug}__m{id}__s{id}" names the salon and what the link chose.
  const { slug: linkSlug, ...chosen } = parseStartParam(startParam);
  const slug = linkSlug || login.businessSlug;
  if (!slug) return <p class="mini-note muted">{t('noSlug')}</p>;
  return <CustomerView app={app} slug={slug} api={session.api} host={host} chosen={chosen} />;
}

/** A linked master (CONTRACT.md §16) opens on their own day; the server answers only their bookings. */
function MasterMiniView({ api, confirmCancel }: { api: MiniSession['api']; confirmCancel(text: string): Promise<boolean> }) {
  const [canDecide, setCanDecide] = useState<boolean | null>(null);
  useEffect(() => {
    api.get('/auth/me').then(
      (me) => setCanDecide(me.business.masters_can_decide),
      () => setCanDecide(false),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per launch
  }, []);
  if (canDecide === null) return <p class="mini-note muted">…</p>;
  return <ProviderView api={api} timeZone={initial.config.timezone} confirmCancel={confirmCancel} canDecide={canDecide} />;
}

type SalonCheck = 'checking' | 'found' | 'unknown' | 'failed';

/** The salon of start_param is looked up first: an unknown one gets its own message, not the flow's "try again". */
function CustomerView({
  app,
  slug,
  api,
  host,
  chosen,
}: {
  app: TelegramWebApp;
  slug: string;
  api: MiniSession['api'];
  host: ReturnType<typeof telegramHost>;
  chosen: LinkChoice;
}) {
  const t = useT(miniMessages);
  const [tab, setTab] = useState<MiniTab>('book');
  // "Записаться снова" opens a new flow with that service and master chosen (nothing kept from before).
  const [preset, setPreset] = useState<{ choice: LinkChoice; round: number }>({ choice: chosen, round: 0 });
  const [check, setCheck] = useState<SalonCheck>(initial.business?.slug === slug ? 'found' : 'checking');
  useEffect(() => {
    if (check !== 'checking') return;
    api.get('/public/{slug}', { path: { slug } }).then(
      () => setCheck('found'),
      (error) => setCheck(hasCode(error, 'not_found') ? 'unknown' : 'failed'),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- checked once per slug; api is fixed for the page
  }, [slug]);
  if (check === 'checking') return <p class="mini-note muted">{t('opening')}</p>;
  if (check === 'unknown')
    return (
      <p class="mini-note" role="alert" data-testid="unknown-salon">
        {t('unknownSalon')}
      </p>
    );
  if (check === 'failed')
    return (
      <p class="mini-note error" role="alert">
        {t('failed')}
      </p>
    );
  const tabs = <MiniTabs tab={tab} onTab={setTab} />;
  if (tab === 'mine')
    return (
      <>
        {tabs}
        <MyBookings
          api={api}
          slug={slug}
          initData={app.initData}
          timeZone={initial.config.timezone}
          host={host}
          onAgain={(booking) => {
            keepChoices(slug, null);
            setPreset(({ round }) => ({ choice: { serviceId: booking.service.id, masterId: booking.master.id }, round: round + 1 }));
            setTab('book');
          }}
        />
      </>
    );
  return (
    <>
      {tabs}
      <BookingFlow
        key={preset.round}
        preset={preset.choice}
        api={api}
        slug={slug}
        initial={initial}
        host={host}
        bookingHeaders={() => ({ 'X-Telegram-Init-Data': app.initData })}
        defaults={{ firstName: app.initDataUnsafe.user?.first_name ?? '' }}
        onBooked={(booking) => {
          app.HapticFeedback?.notificationOccurred('success');
          if (initial.config.bot_username) app.openTelegramLink(booking.messenger_url);
        }}
        openLink={(url) => app.openTelegramLink(url)}
      />
    </>
  );
}

/** Outside Telegram (CONTRACT.md §18, #35 item 5): one line, and the salon's web page of the start parameter. */
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
