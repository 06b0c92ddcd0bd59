/** The first-steps card's data: masters, the week, the business (fresh) and a free slug made from the name; its actions; its folding. */
import { useState } from 'preact/hooks';
import { useAction, useLoad } from '@shared/panel-ui';
import { slugFromName } from '@core/slug-from-name.js';
import { useNarrowScreen } from '../common/narrow-screen';
import { isPhoneSlug } from '../common/rules';
import { client, useSession } from '../common/state';

const foldKey = (businessId: number) => `setup_folded:${businessId}`;

/** The first free slug among the name's, name-2, name-3 (the live check of Settings answers each). */
async function freeNameSlug(name: string, current: string): Promise<string | null> {
  const base = slugFromName(name);
  if (!base) return null;
  for (const slug of [base, `${base}-2`, `${base}-3`]) {
    if (slug === current) return null;
    const check = await client.get('/business/slug-available', { query: { slug } });
    if (check.available) return slug;
  }
  return null;
}

export function useSetup() {
  const session = useSession();
  const business = session.business;
  const narrow = useNarrowScreen();
  // On a phone the card starts as one line above the day's calendar; the owner's own choice is remembered.
  const [stored, setStored] = useState(() => localStorage.getItem(foldKey(business.id)));
  const folded = stored === null ? narrow : stored === '1';
  const loaded = useLoad(async (signal) => {
    const [masters, week, fresh] = await Promise.all([
      client.get('/masters', { signal }),
      client.get('/schedule', { signal }),
      client.get('/business', { signal }),
    ]);
    session.setBusiness(fresh);
    const suggested = !isPhoneSlug(fresh.slug) ? null : await freeNameSlug(fresh.name, fresh.slug).catch(() => null);
    return { masters, week, suggested };
  }, []);
  const act = useAction(async (change: () => Promise<unknown>) => {
    await change();
    session.setBusiness(await client.get('/business'));
  });
  const fold = (next: boolean) => {
    const value = next ? '1' : '0';
    localStorage.setItem(foldKey(business.id), value);
    setStored(value);
  };
  return { business, loaded, act, folded, fold };
}

export type SetupAction = ReturnType<typeof useSetup>['act'];
