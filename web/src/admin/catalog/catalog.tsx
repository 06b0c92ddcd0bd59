/** Services and categories: create, edit, delete, with the API's messages next to the fields. */
import { useState } from 'preact/hooks';
import { ErrorBox, ListTable, generalError, useAction, useLoad } from '@shared/panel-ui';
import { formatDuration, formatPrice, useLang } from '@shared/i18n';
import { useT, messages } from '../common/messages';
import { client, type Master, type Service } from '../common/state';
import { ReachLinks } from '../reach/reach-links';
import { Categories } from './categories';
import { useCatalogT } from './messages';
import { ServiceForm } from './service-form';
import './catalog.css';

/** What the service costs over the masters who do it (their own prices, CONTRACT.md §17): "5 000 – 7 000 ₸", or one price. */
function priceRange(service: Service, masters: Master[] | undefined): string {
  const own = (masters ?? []).flatMap((m) => m.services.filter((x) => x.id === service.id).map((x) => x.price));
  const prices = own.length > 0 ? own : [service.price];
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  return low === high ? formatPrice(low) : `${formatPrice(low).replace(/\u00a0₸$/, '')} – ${formatPrice(high)}`;
}

/** A service in the list: its masters under its name, its links, its buffer and price range, edit and delete. */
function ServiceRow(props: { service: Service; masters: Master[] | undefined; onEdit: () => void; onDelete: () => void }) {
  const t = useT(messages);
  const s = useCatalogT();
  const lang = useLang();
  const service = props.service;
  return (
    <tr>
      <td>
        {service.name}
        <div class="muted service-masters">
          {(props.masters ?? [])
            .filter((m) => m.services.some((x) => x.id === service.id))
            .map((m) => m.name)
            .join(', ')}
        </div>
        <ReachLinks choice={{ serviceId: service.id }} name={service.name} />
      </td>
      <td data-label={t('duration')}>
        {formatDuration(service.duration, lang)}
        {service.buffer_after > 0 && (
          <div class="muted service-buffer" data-testid="service-buffer">
            {s('bufferShort', { minutes: String(service.buffer_after) })}
          </div>
        )}
      </td>
      <td data-label={t('price')} data-testid="service-price">
        {priceRange(service, props.masters)}
      </td>
      <td data-label={s('category')}>{service.category?.name ?? '—'}</td>
      <td>
        <div class="row-actions">
          <button type="button" class="btn btn-ghost btn-small" onClick={props.onEdit} aria-label={`${t('edit')} ${service.name}`}>
            {t('edit')}
          </button>
          <button
            type="button"
            class="btn btn-ghost btn-small danger"
            onClick={props.onDelete}
            aria-label={`${t('delete')} ${service.name}`}
          >
            {t('delete')}
          </button>
        </div>
      </td>
    </tr>
  );
}

export function CatalogPage() {
  const t = useT(messages);
  const s = useCatalogT();
  const categories = useLoad((signal) => client.get('/categories', { signal }), []);
  const services = useLoad((signal) => client.get('/services', { signal }), []);
  const masters = useLoad((signal) => client.get('/masters', { signal }), []);
  const [editing, setEditing] = useState<number | null>(null);
  const remove = useAction(async (id: number) => {
    await client.del('/services/{id}', { path: { id } });
    services.reload();
  });
  return (
    <div class="stack">
      <div class="topbar">
        <h1>{t('navServices')}</h1>
      </div>
      <section class="card">
        <h2>{s('services')}</h2>
        <ErrorBox error={generalError(remove.error)} />
        <ListTable
          loaded={services}
          loadingText={t('loading')}
          emptyText={t('noServices')}
          head={
            <>
              <th>{t('serviceName')}</th>
              <th>{t('duration')}</th>
              <th>{t('price')}</th>
              <th>{s('category')}</th>
              <th />
            </>
          }
        >
          {(items) =>
            items.map((service) =>
              editing === service.id ? (
                <tr key={service.id}>
                  <td colSpan={5}>
                    <ServiceForm
                      service={service}
                      categories={categories.data ?? []}
                      masters={masters.data}
                      onDone={() => (setEditing(null), services.reload(), masters.reload())}
                    />
                  </td>
                </tr>
              ) : (
                <ServiceRow
                  key={service.id}
                  service={service}
                  masters={masters.data}
                  onEdit={() => setEditing(service.id)}
                  onDelete={() => void remove.run(service.id)}
                />
              ),
            )
          }
        </ListTable>
        <h3 class="new-service">{s('newService')}</h3>
        <ServiceForm categories={categories.data ?? []} masters={masters.data} onDone={() => (services.reload(), masters.reload())} />
      </section>
      <Categories categories={categories} onChanged={() => (categories.reload(), services.reload())} />
    </div>
  );
}
