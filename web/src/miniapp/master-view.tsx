/** A linked master (CONTRACT.md §16) opens on their own day; the server answers only their bookings. */
import { useEffect, useState } from 'preact/hooks';
import type { Client } from '@shared/client';
import { ProviderView } from './provider';

interface MasterViewProps {
  api: Client;
  timeZone: string;
  confirmCancel(text: string): Promise<boolean>;
}

export function MasterMiniView({ api, timeZone, confirmCancel }: MasterViewProps) {
  const [canDecide, setCanDecide] = useState<boolean | null>(null);
  useEffect(() => {
    api.get('/auth/me').then(
      (me) => setCanDecide(me.business.masters_can_decide),
      () => setCanDecide(false),
    );
  }, [api]);
  if (canDecide === null) return <p class="mini-note muted">…</p>;
  return <ProviderView api={api} timeZone={timeZone} confirmCancel={confirmCancel} canDecide={canDecide} />;
}
