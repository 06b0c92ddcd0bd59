/**
 * The salon the flow books at: its card and services (in the page's data, or asked for by the mini
 * app) and its masters. A flow is for one salon: its requests start once, with the flow.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Client } from '@shared/client';
import type { Business, InitialData, Service } from './types';

export interface Catalog {
  business: Business;
  services: Service[];
}

export function useCatalog(api: Client, slug: string, initial: InitialData) {
  const known = initial.business && initial.services ? { business: initial.business, services: initial.services } : null;
  const [loading] = useState(() => {
    if (known) return null;
    const path = { slug };
    return Promise.all([api.get('/public/{slug}', { path }), api.get('/public/{slug}/services', { path })]);
  });
  const [masters] = useState(() =>
    initial.masters ? Promise.resolve(initial.masters) : api.get('/public/{slug}/masters', { path: { slug } }),
  );
  const [catalog, setCatalog] = useState<Catalog | null>(known);
  const [failed, setFailed] = useState(false);
  // Known at once from the page's data; the mini app learns it from its request.
  const [masterCount, setMasterCount] = useState<number | null>(initial.masters ? initial.masters.length : null);

  useEffect(() => {
    masters.then(
      (list) => setMasterCount(list.length),
      () => undefined,
    );
  }, [masters]);
  useEffect(() => {
    loading?.then(
      ([business, services]) => setCatalog({ business, services }),
      () => setFailed(true),
    );
  }, [loading]);
  return { catalog, failed, masters, masterCount };
}
