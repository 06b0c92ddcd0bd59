/** The master step: "any master" first, then each master who does the service, with their own terms (CONTRACT.md §17). */
import { useLang } from '@shared/i18n';
import { ANY } from './masters';
import type { BookingT } from './messages';
import { durationText, hasOwnTerms, priceText } from './terms';
import type { Master, MasterChoice, Service } from './types';

interface MasterStepProps {
  t: BookingT;
  masters: Master[];
  /** The service chosen: each master shows their own price and duration for it (CONTRACT.md §17). */
  service?: Service;
  onPick(master: MasterChoice): void;
}

export function MasterStep({ t, masters, service, onPick }: MasterStepProps) {
  const lang = useLang();
  return (
    <ul class="choices">
      <li>
        <button type="button" class="choice" data-master="any" onClick={() => onPick(ANY)}>
          <span class="avatar" aria-hidden="true">
            ★
          </span>
          <span class="choice-name">
            {t('anyMaster')}
            <small class="muted">{t('anyMasterHint')}</small>
          </span>
        </button>
      </li>
      {masters.map((master) => (
        <li key={master.id}>
          <button type="button" class="choice" data-master={master.id} onClick={() => onPick(master)}>
            <span class="avatar" aria-hidden="true">
              {master.name.trim().charAt(0).toUpperCase()}
            </span>
            <span class="choice-name">{master.name}</span>
            {service && hasOwnTerms(service) && (
              <span class="choice-meta">
                <span>{durationText(service, lang, master)}</span>
                <b class="price">{priceText(service, master)}</b>
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
