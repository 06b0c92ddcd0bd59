/**
 * The customer's side of the mini app: the salon of start_param looked up first (an unknown one gets
 * its own message, not the flow's "try again"), then the booking flow and «Мои записи».
 */
import { useEffect, useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import type { Client } from '@shared/client';
import { useT } from '@shared/i18n';
import type { LinkChoice } from '@core/reach-links.js';
import { BookingFlow } from '../booking/flow';
import { keepChoices } from '../booking/history';
import type { FlowHost } from '../booking/host';
import type { InitialData } from '../booking/types';
import type { RepeatedVisit } from '../booking/use-flow';
import { miniMessages } from './messages';
import { MiniTabs, MyBookings, type MiniTab } from './my-bookings';
import type { TelegramWebApp } from './telegram';

type SalonCheck = 'checking' | 'found' | 'unknown' | 'failed';

interface CustomerProps {
  app: TelegramWebApp;
  slug: string;
  api: Client;
  host: FlowHost;
  initial: InitialData;
  /** What the start parameter chose (CONTRACT.md §18). */
  chosen: LinkChoice;
}

export function CustomerView({ app, slug, api, host, initial, chosen }: CustomerProps) {
  const t = useT(miniMessages);
  const [tab, setTab] = useState<MiniTab>('book');
  // "Записаться снова" opens a new flow with that service and master chosen, or a visit's services and masters (nothing kept from before).
  const [preset, setPreset] = useState<{ choice: LinkChoice; round: number; repeat?: RepeatedVisit }>({ choice: chosen, round: 0 });
  const [check, setCheck] = useState<SalonCheck>(initial.business?.slug === slug ? 'found' : 'checking');
  useEffect(() => {
    if (check !== 'checking') return;
    api.get('/public/{slug}', { path: { slug } }).then(
      () => setCheck('found'),
      (error) => setCheck(hasCode(error, 'not_found') ? 'unknown' : 'failed'),
    );
  }, [api, slug, check]);
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
          onAgain={({ items }) => {
            keepChoices(slug, null);
            const [first] = items;
            // A visit (CONTRACT.md §20): the same services with the same masters; the comment is not repeated.
            const repeat = items.length > 1 ? items.map((item) => ({ serviceId: item.service.id, masterId: item.master.id })) : undefined;
            setPreset(({ round }) => ({ choice: { serviceId: first!.service.id, masterId: first!.master.id }, round: round + 1, repeat }));
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
        preset={preset.repeat ? undefined : preset.choice}
        repeat={preset.repeat}
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
