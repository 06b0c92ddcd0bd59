/** Business settings: name, phone, address, slug with a live check, strict slots, public link, Telegram, password. */
import { useEffect } from 'preact/hooks';
import { BookingWindowSettings } from './booking-window';
import { CopyButton } from '../common/copy-button';
import { useT, messages } from '../common/messages';
import { ChangePassword } from '../auth/password';
import { ProfileFields } from './profile-fields';
import { client, useSession } from '../common/state';
import { MastersDecide } from '../masters/masters-decide';
import { TelegramLink } from './telegram-link';
import { EmbedSettings } from './embed-settings';
import { BusinessForm } from './business-form';
import { useSettingsT } from './messages';
import './settings.css';

/** «Подключить Telegram» opens /admin/settings#telegram: that part in view, not the top of Settings. */
function useHashTarget() {
  useEffect(() => {
    const id = location.hash.slice(1);
    if (!id) return;
    // after the cards above have their height (the profile and the Telegram link load on their own)
    const timer = setTimeout(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }), 300);
    return () => clearTimeout(timer);
  }, []);
}

function CopyLink({ url }: { url: string }) {
  return (
    <div class="row">
      <a href={url} target="_blank" rel="noopener" class="tap" data-testid="public-link">
        {url}
      </a>
      <CopyButton text={url} />
    </div>
  );
}

export function SettingsPage() {
  const t = useT(messages);
  const s = useSettingsT();
  const session = useSession();
  const b = session.business;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once on open: the business as the server has it now
  useEffect(() => void client.get('/business').then(session.setBusiness, () => undefined), []);
  useHashTarget();
  return (
    <div class="stack">
      <div class="topbar">
        <h1>{t('navSettings')}</h1>
      </div>
      <BusinessForm />
      <ProfileFields />
      <BookingWindowSettings />
      <EmbedSettings />
      <section class="card">
        <h2>{s('publicLink')}</h2>
        <CopyLink url={`${location.origin}/${b.slug}`} />
      </section>
      <div id="telegram" class="anchor">
        <TelegramLink />
      </div>
      <MastersDecide />
      <ChangePassword />
    </div>
  );
}
