import { randomBytes, randomInt } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { bookings } from '../../db/schema.js';
import { generatePassword, hashPassword } from '../identity/password.js';
import { insertUser } from '../identity/users.queries.js';
import { formatPhone } from '../../core/phone.js';
import { insertBusiness, slugsLike } from '../catalog/business.queries.js';
import { insertCategory } from '../catalog/categories.queries.js';
import { upsertClient } from '../bookings/client-record.js';
import { insertMaster, replaceMasterServices, setMasterServiceTerms } from '../catalog/masters.queries.js';
import { insertService, type ServiceView } from '../catalog/services.queries.js';
import { firstFreeSlug } from '../../core/slug.js';
import { defaultBusinessWeek } from '../schedules/defaults.js';
import { insertWeek } from '../schedules/schedules.queries.js';
import { DEMO_ADMIN_NAME, DEMO_BUSINESS, DEMO_CATEGORIES, DEMO_CLIENTS, DEMO_MASTERS, DEMO_SERVICES, demoBookingPlan } from './demo.js';

/** A complete demo business in one transaction; returns it with its admin's login. */
export async function seedDemoBusiness(ctx: Pick<AppContext, 'db' | 'time' | 'config'>) {
  const password = generatePassword();
  const email = `demo-${randomBytes(4).toString('hex')}@demo.booking.kz`;
  const passwordHash = await hashPassword(password, ctx.config.passwordCost);
  const plan = demoBookingPlan(ctx.time.today());
  const now = ctx.time.now();

  const business = await ctx.db.transaction(async (tx) => {
    const created = await insertBusiness(tx, {
      slug: firstFreeSlug(DEMO_BUSINESS.slug, await slugsLike(tx, DEMO_BUSINESS.slug)),
      name: DEMO_BUSINESS.name,
      phone: formatPhone(`7727${String(randomInt(0, 10_000_000)).padStart(7, '0')}`),
      address: DEMO_BUSINESS.address,
    });
    await insertUser(tx, { email, passwordHash, fullName: DEMO_ADMIN_NAME, role: 'ADMIN', businessId: created.id });
    await insertWeek(tx, created.id, null, defaultBusinessWeek());

    const categoryIds: number[] = [];
    for (const name of DEMO_CATEGORIES) categoryIds.push((await insertCategory(tx, created.id, name)).id);
    const services: ServiceView[] = [];
    for (const { category, ...values } of DEMO_SERVICES) {
      services.push(await insertService(tx, created.id, { ...values, categoryId: categoryIds[category]! }));
    }
    const masterIds: number[] = [];
    for (const master of DEMO_MASTERS) {
      const id = await insertMaster(tx, created.id, master.name);
      await replaceMasterServices(
        tx,
        id,
        master.services.map((i) => services[i]!.id),
      );
      for (const [index, own] of Object.entries(master.own ?? {})) await setMasterServiceTerms(tx, id, services[Number(index)]!.id, own!);
      await insertWeek(tx, created.id, id, master.week);
      masterIds.push(id);
    }
    const clientIds: number[] = [];
    for (const client of DEMO_CLIENTS) clientIds.push((await upsertClient(tx, created.id, client.phone, client.firstName, null)).id);
    if (plan.length > 0) {
      await tx.insert(bookings).values(
        plan.map((booking) => ({
          businessId: created.id,
          serviceId: services[booking.service]!.id,
          masterId: masterIds[booking.master]!,
          clientId: clientIds[booking.client]!,
          status: booking.status,
          startAt: booking.startAt,
          endAt: booking.endAt,
          priceSnapshot: booking.price,
          // CONTRACT.md §14: booking times come from the app's clock, like every other write of a booking.
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    return created;
  });

  return {
    business,
    login: { email, password },
    counts: {
      categories: DEMO_CATEGORIES.length,
      services: DEMO_SERVICES.length,
      masters: DEMO_MASTERS.length,
      clients: DEMO_CLIENTS.length,
      bookings: plan.length,
    },
  };
}
