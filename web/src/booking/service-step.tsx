/** The first step: the salon's services by category, each with its duration and price. */
import { useLang } from '@shared/i18n';
import type { BookingT } from './messages';
import { durationText, priceText } from './terms';
import type { Master, Service } from './types';

interface ServiceStepProps {
  t: BookingT;
  services: Service[];
  /** A master's own link (CONTRACT.md §18, §19): that master's price and duration of each service. */
  master?: Master;
  onPick(service: Service): void;
}

/** Services grouped by category, in the catalog's order; uncategorised ones last. */
export function ServiceStep({ t, services, master, onPick }: ServiceStepProps) {
  const lang = useLang();
  if (services.length === 0) return <p class="muted">{t('noServices')}</p>;
  const groups = new Map<string, Service[]>();
  for (const service of [...services].sort((a, b) => (a.category ? 0 : 1) - (b.category ? 0 : 1))) {
    const name = service.category?.name ?? '';
    groups.set(name, [...(groups.get(name) ?? []), service]);
  }
  const named = [...groups.keys()].some(Boolean);
  return (
    <div class="groups">
      {[...groups].map(([category, list]) => (
        <section key={category} class="group">
          {named && <h3 class="group-title">{category || t('other')}</h3>}
          <ul class="choices">
            {list.map((service) => (
              <li key={service.id}>
                <button type="button" class="choice" data-service={service.id} onClick={() => onPick(service)}>
                  <span class="choice-name">{service.name}</span>
                  <span class="choice-meta">
                    <span>{durationText(service, lang, master)}</span>
                    <b class="price">{priceText(service, master)}</b>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
