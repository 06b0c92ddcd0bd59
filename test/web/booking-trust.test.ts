/**
 * CONTRACT.md §19 "Pages" and what a client trusts on the page, in the browser at 360 px: two phones on the details step of the same
 * time, one after the other and at once, book it once (the other keeps what was typed and is offered other
 * times); "any master" shows before «Записаться» the master and the price the server's rule chooses and
 * sends no master; a changed price is shown to accept; a master's link shows their own price and duration;
 * «Записаться ещё раз» keeps name and phone but not the comment; an unusual number is warned about, not
 * refused; «Не ваш номер?» is a thumb high; today after hours is "день окончен", not red "занято".
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { violations } from './axe.js';

const NOW = new Date('2026-11-23T05:00:00Z'); // Monday 10:00 in Almaty, the server's test clock too
const DAY = '2026-11-24';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const w = useWebTest();

interface Salon {
  owner: RegisteredBusiness;
  /** Name → id, in the order given. */
  masters: Record<string, number>;
}

/** Стрижка (60 min, 5 000 ₸) and its masters; own terms `{name: [price, duration]}`. */
async function salonWith(names: string[], own: Record<string, [number, number]> = {}): Promise<Salon> {
  const owner = await registerBusiness(w);
  const masters: Record<string, number> = {};
  for (const name of names) {
    const made = await w.op('post', '/api/v1/masters', { token: owner.token, body: { name, service_ids: [owner.service.id] } });
    masters[name] = made.data.id;
  }
  for (const [name, [price, duration]] of Object.entries(own)) {
    const set = await w.call({
      method: 'PUT',
      url: `/api/v1/masters/${masters[name]}/services/${owner.service.id}`,
      token: owner.token,
      payload: { price, duration },
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
  }
  return { owner, masters };
}

async function openPage(path: string, viewport = PHONE): Promise<Page> {
  const { page } = await w.phone(viewport);
  await page.clock.setFixedTime(NOW);
  await page.goto(`${w.baseUrl}${path}`);
  return page;
}

/** Service, master ('any', an id, or none when the page skips the step), the day and a time; name and phone typed key by key. */
async function toDetails(page: Page, salon: Salon, master: 'any' | number | null, time: string, name: string, phone: string) {
  await page.locator(`[data-service="${salon.owner.service.id}"]`).click();
  if (master !== null) await page.locator(`[data-master="${master}"]`).click();
  await page.locator(`[data-date="${DAY}"]`).click();
  await page.locator(`[data-time="${time}"]`).click();
  await page.locator('input[name="first_name"]').fill(name);
  await page.locator('input[name="phone"]').click();
  await page.keyboard.type(phone, { delay: 10 });
}

/** The booking requests the page sends. */
function bookingBodies(page: Page): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/booking')) bodies.push(request.postDataJSON() as Record<string, unknown>);
  });
  return bodies;
}

const flat = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

async function bookingsAt(salon: Salon, time: string): Promise<number> {
  const list = await w.call({ method: 'GET', url: `/api/v1/bookings?date=${DAY}`, token: salon.owner.token });
  return (list.data as { start_at: string }[]).filter((b) => b.start_at.slice(11, 16) === time).length;
}

/** The taken notice: the other times offered in one tap, and what was typed kept. */
async function expectTakenKept(page: Page, name: string, phone: string) {
  const taken = page.getByTestId('time-taken');
  await taken.waitFor();
  expect(flat(await taken.textContent())).toContain('уже заняли');
  expect(await taken.locator('[data-time]').count()).toBeGreaterThan(0);
  expect(await page.locator('input[name="first_name"]').inputValue()).toBe(name);
  expect(await page.locator('input[name="phone"]').inputValue()).toBe(phone);
  expect(await page.locator('.success').count()).toBe(0);
}

describe('two phones, one time (issue #49)', () => {
  it('one after the other: the second is not booked, keeps its name and phone, and books an offered time in one tap', async () => {
    const salon = await salonWith(['Ерлан']);
    const first = await openPage(`/${salon.owner.business.slug}`);
    const second = await openPage(`/${salon.owner.business.slug}`);
    await toDetails(first, salon, null, '11:00', 'Айжан', '8 701 111 22 33');
    await toDetails(second, salon, null, '11:00', 'Бауыржан', '+7 702 444 55 66');
    await first.locator('button.confirm').click();
    await first.getByText('Вы записаны!').waitFor();
    await second.locator('button.confirm').click();
    await expectTakenKept(second, 'Бауыржан', '+7 (702) 444-55-66');
    await screenshot(second, 'trust-taken-360');
    expect(await bookingsAt(salon, '11:00')).toBe(1);
    // A reload keeps the step and what was typed; pressing again is refused again, with the times again.
    await second.reload();
    await expect.poll(() => second.locator('input[name="first_name"]').inputValue()).toBe('Бауыржан');
    await second.locator('button.confirm').click();
    await expectTakenKept(second, 'Бауыржан', '+7 (702) 444-55-66');
    const offered = second.getByTestId('time-taken').locator('[data-time]').first();
    const time = (await offered.getAttribute('data-time'))!;
    await offered.click();
    await second.locator('button.confirm').click();
    await second.getByText('Вы записаны!').waitFor();
    expect(await second.locator('[data-fact="time"]').textContent()).toBe(time);
  });

  it('at once: exactly one «Вы записаны!», the other sees the taken message with other times', async () => {
    const salon = await salonWith(['Ерлан']);
    const pages = [await openPage(`/${salon.owner.business.slug}`), await openPage(`/${salon.owner.business.slug}`)];
    await toDetails(pages[0]!, salon, null, '12:00', 'Айжан', '8 701 111 22 33');
    await toDetails(pages[1]!, salon, null, '12:00', 'Бауыржан', '8 702 444 55 66');
    await Promise.all(pages.map((page) => page.locator('button.confirm').click()));
    const outcome = (page: Page) =>
      Promise.race([
        page
          .locator('.success')
          .waitFor()
          .then(() => 'booked'),
        page
          .getByTestId('time-taken')
          .waitFor()
          .then(() => 'taken'),
      ]);
    const outcomes = await Promise.all(pages.map(outcome));
    expect([...outcomes].sort()).toEqual(['booked', 'taken']);
    const loser = outcomes[0] === 'taken' ? 0 : 1;
    await expectTakenKept(pages[loser]!, ['Айжан', 'Бауыржан'][loser]!, ['8 (701) 111-22-33', '8 (702) 444-55-66'][loser]!);
    expect(await bookingsAt(salon, '12:00')).toBe(1);
  });
});

describe('the master and the price before «Записаться» (CONTRACT.md §19)', () => {
  it('"any master": the cheapest free master named with their price, no master_id sent, if_free and max_price sent', async () => {
    const salon = await salonWith(['Алия', 'Дана'], { Дана: [7000, 45] });
    // Алия (5 000 ₸) is busy at 12:00: then Дана (7 000 ₸) is the one.
    await w.op('post', '/api/v1/public/{slug}/booking', {
      path: { slug: salon.owner.business.slug },
      body: {
        service_id: salon.owner.service.id,
        master_id: salon.masters['Алия']!,
        date: DAY,
        time: '12:00',
        first_name: 'Ерлан',
        phone: '+77000000001',
      },
    });
    const page = await openPage(`/${salon.owner.business.slug}`);
    const bodies = bookingBodies(page);
    await toDetails(page, salon, 'any', '10:00', 'Асель', '8 701 555 44 33');
    await expect.poll(async () => flat(await page.locator('.picked [data-fact="master"]').textContent())).toBe('Алия');
    await expect.poll(async () => flat(await page.locator('.picked [data-fact="price"]').textContent())).toBe('5 000 ₸');
    await screenshot(page, 'trust-any-master-360');
    await page.locator('button.confirm').click();
    await page.getByText('Вы записаны!').waitFor();
    expect(await page.locator('.success [data-fact="master"]').textContent()).toBe('Алия');
    expect(flat(await page.locator('.success [data-fact="price"]').textContent())).toBe('5 000 ₸');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('master_id');
    expect(bodies[0]).toMatchObject({ if_free: true, max_price: 5000 });

    await page.locator('button.again').click();
    await toDetails(page, salon, 'any', '12:00', 'Асель', '');
    await expect.poll(async () => flat(await page.locator('.picked [data-fact="master"]').textContent())).toBe('Дана');
    await expect.poll(async () => flat(await page.locator('.picked [data-fact="price"]').textContent())).toBe('7 000 ₸');
    // With strict slots on, "any master" still books the master who is free, not turning the client away.
    const strict = await w.call({ method: 'PUT', url: '/api/v1/business', token: salon.owner.token, payload: { strict_slots: true } });
    expect(strict.statusCode, strict.body).toBe(200);
    await page.locator('button.confirm').click();
    await page.getByText('Вы записаны!').waitFor();
    expect(await page.locator('.success [data-fact="master"]').textContent()).toBe('Дана');
    expect(flat(await page.locator('.success [data-fact="price"]').textContent())).toBe('7 000 ₸');
    expect(bodies[1]).toMatchObject({ if_free: true, max_price: 7000, time: '12:00' });
    expect(bodies[1]).not.toHaveProperty('master_id');
  });

  it('a price changed meanwhile is shown, everything typed kept; confirming again books at it', async () => {
    const salon = await salonWith(['Алия', 'Дана'], { Дана: [7000, 45] });
    const page = await openPage(`/${salon.owner.business.slug}`);
    const bodies = bookingBodies(page);
    await toDetails(page, salon, salon.masters['Дана']!, '10:00', 'Асель', '8 701 555 44 33');
    await page.locator('textarea[name="notes"]').fill('Покороче');
    await expect.poll(async () => flat(await page.locator('.picked [data-fact="price"]').textContent())).toBe('7 000 ₸');
    const raised = await w.call({
      method: 'PUT',
      url: `/api/v1/masters/${salon.masters['Дана']}/services/${salon.owner.service.id}`,
      token: salon.owner.token,
      payload: { price: 8000, duration: 45 },
    });
    expect(raised.statusCode, raised.body).toBeLessThan(300);
    await page.locator('button.confirm').click();
    const notice = page.getByTestId('price-changed');
    await notice.waitFor();
    expect(flat(await notice.textContent())).toContain('8 000 ₸');
    await expect.poll(async () => flat(await page.locator('.picked [data-fact="price"]').textContent())).toBe('8 000 ₸');
    expect(await page.locator('textarea[name="notes"]').inputValue()).toBe('Покороче');
    expect(await page.locator('input[name="first_name"]').inputValue()).toBe('Асель');
    await page.locator('button.confirm').click();
    await page.getByText('Вы записаны!').waitFor();
    expect(flat(await page.locator('.success [data-fact="price"]').textContent())).toBe('8 000 ₸');
    expect(bodies.map((body) => body.max_price)).toEqual([7000, 8000]);
    expect(bodies.every((body) => body.if_free === true && body.master_id === salon.masters['Дана'])).toBe(true);
  });

  it('"any master" whose named master was taken meanwhile names the one the server chose, with their price', async () => {
    const salon = await salonWith(['Алия', 'Дана'], { Дана: [7000, 45] });
    const page = await openPage(`/${salon.owner.business.slug}`);
    const bodies = bookingBodies(page);
    await toDetails(page, salon, 'any', '10:00', 'Асель', '8 701 555 44 33');
    await expect.poll(async () => flat(await page.locator('.picked [data-fact="master"]').textContent())).toBe('Алия');
    // Another client takes Алия at 10:00: the server would now give Дана, at her price.
    const other = await w.call({
      method: 'POST',
      url: `/api/v1/public/${salon.owner.business.slug}/booking`,
      payload: {
        service_id: salon.owner.service.id,
        master_id: salon.masters['Алия'],
        date: DAY,
        time: '10:00',
        first_name: 'Ерлан',
        phone: '+77000000001',
        if_free: true,
      },
    });
    expect(other.statusCode, other.body).toBe(201);
    await page.locator('button.confirm').click();
    await page.getByTestId('price-changed').waitFor();
    await expect.poll(async () => flat(await page.locator('.picked [data-fact="master"]').textContent())).toBe('Дана');
    expect(flat(await page.locator('.picked [data-fact="price"]').textContent())).toBe('7 000 ₸');
    // Not "the price changed": the master named was taken, and the page says who is free instead.
    expect(flat(await page.getByTestId('price-changed').textContent())).toBe(
      'Это время у прежнего мастера уже заняли. Свободен мастер Дана: 7 000 ₸. Нажмите «Записаться».',
    );
    await page.locator('button.confirm').click();
    await page.getByText('Вы записаны!').waitFor();
    expect(await page.locator('.success [data-fact="master"]').textContent()).toBe('Дана');
    expect(bodies.map((body) => body.max_price)).toEqual([5000, 7000]);
  });

  it("a master's own link shows that master's price and duration from the first screen", async () => {
    const salon = await salonWith(['Алия', 'Дана'], { Дана: [7000, 45] });
    const page = await openPage(`/${salon.owner.business.slug}?master=${salon.masters['Дана']}`);
    await page.locator('[data-preset-master]').waitFor();
    const haircut = page.locator(`[data-service="${salon.owner.service.id}"]`);
    await expect.poll(async () => flat(await haircut.textContent())).toContain('7 000 ₸');
    expect(flat(await haircut.textContent())).toContain('45 мин');
    expect(flat(await haircut.textContent())).not.toContain('5 000');
  });
});

describe('the details and the success screen', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`${viewport.width} px: «Записаться ещё раз» keeps name and phone but not the comment`, async () => {
      const salon = await salonWith(['Алия']);
      const page = await openPage(`/${salon.owner.business.slug}`, viewport);
      await toDetails(page, salon, null, '10:00', 'Асель', '8 701 555 44 33');
      await page.locator('textarea[name="notes"]').fill('Аллергия на краску');
      await page.locator('button.confirm').click();
      await page.getByText('Вы записаны!').waitFor();
      // «Не ваш номер?» is a thumb high.
      const summary = page.locator('.not-your-phone summary');
      expect((await summary.boundingBox())!.height).toBeGreaterThanOrEqual(40);
      await page.locator('button.again').click();
      await page.locator(`[data-service="${salon.owner.service.id}"]`).click();
      await page.locator(`[data-date="${DAY}"]`).click();
      await page.locator('[data-time="11:00"]').click();
      expect(await page.locator('input[name="first_name"]').inputValue()).toBe('Асель');
      expect(await page.locator('input[name="phone"]').inputValue()).toBe('8 (701) 555-44-33');
      expect(await page.locator('textarea[name="notes"]').inputValue()).toBe('');
    });

    it(`${viewport.width} px: a number that is not a Kazakh or Russian mobile is warned about, softly: the booking still goes`, async () => {
      const salon = await salonWith(['Алия']);
      const page = await openPage(`/${salon.owner.business.slug}`, viewport);
      await toDetails(page, salon, null, '10:00', 'Асель', '8 123 456 78 90');
      const warning = page.getByTestId('phone-unusual');
      await warning.waitFor();
      expect(flat(await warning.textContent())).toContain('+7 7xx');
      await page.locator('input[name="phone"]').press('Control+A');
      await page.keyboard.type('8 701 123 45 67', { delay: 10 });
      await expect.poll(() => warning.count()).toBe(0);
      await page.locator('input[name="phone"]').press('Control+A');
      await page.keyboard.type('8 123 456 78 90', { delay: 10 });
      await warning.waitFor();
      await page.locator('button.confirm').click();
      await page.getByText('Вы записаны!').waitFor();
    });
  }
});

describe('the date strip after hours', () => {
  for (const viewport of [PHONE, DESKTOP])
    it(`${viewport.width} px: today with nothing left to book says "день окончен", not red "занято"`, async () => {
      const salon = await salonWith(['Алия']);
      const evening = new Date('2026-11-23T14:30:00Z'); // 19:30 in Almaty, after closing
      w.clock.set(evening);
      try {
        const { page } = await w.phone(viewport);
        await page.clock.setFixedTime(evening);
        await page.goto(`${w.baseUrl}/${salon.owner.business.slug}`);
        await page.locator(`[data-service="${salon.owner.service.id}"]`).click();
        const today = page.locator('[data-date="2026-11-23"]');
        await expect.poll(() => today.getAttribute('data-state')).toBe('over');
        expect(await today.locator('.day-month').textContent()).toBe('день окончен');
        await today.click();
        await page.getByText('На сегодня запись закончилась').waitFor();
        expect(await page.locator('[data-date="2026-11-24"]').getAttribute('data-state')).toBe('open');
      } finally {
        w.clock.set(NOW);
      }
    });
});

/** Nothing wider than the window, and `what` wholly inside it. */
async function expectFits(page: Page, what: string) {
  const fits = await page.evaluate((selector) => {
    const box = document.querySelector(selector)!.getBoundingClientRect();
    return { overflow: document.documentElement.scrollWidth - window.innerWidth, left: box.left, right: box.right - window.innerWidth };
  }, what);
  expect(fits.overflow, `${what}: page wider than the window`).toBeLessThanOrEqual(0);
  expect(fits.left).toBeGreaterThanOrEqual(0);
  expect(fits.right).toBeLessThanOrEqual(0);
}

describe('the same promises at 1280 px (CONTRACT.md §19)', () => {
  it('the chosen master and price, the taken notice with times, the changed price: laid out and axe clean', async () => {
    const salon = await salonWith(['Алия', 'Дана'], { Дана: [7000, 45] });
    const page = await openPage(`/${salon.owner.business.slug}`, DESKTOP);
    const found: string[] = [];
    await toDetails(page, salon, 'any', '11:00', 'Асель', '8 701 555 44 33');
    await expect.poll(async () => flat(await page.locator('.picked [data-fact="price"]').textContent())).toBe('5 000 ₸');
    await expectFits(page, '.picked');
    found.push(...(await violations(page, 'picked, any master')));
    // Both masters taken at 11:00 meanwhile: the page offers other times in one tap.
    for (const [i, master] of [salon.masters['Алия']!, salon.masters['Дана']!].entries())
      await w.op('post', '/api/v1/public/{slug}/booking', {
        path: { slug: salon.owner.business.slug },
        body: {
          service_id: salon.owner.service.id,
          master_id: master,
          date: DAY,
          time: '11:00',
          first_name: 'Ерлан',
          phone: `+7700000000${i}`,
        },
      });
    await page.locator('button.confirm').click();
    await expectTakenKept(page, 'Асель', '8 (701) 555-44-33');
    await expectFits(page, '[data-testid="time-taken"]');
    found.push(...(await violations(page, 'taken')));
    await screenshot(page, 'trust-taken-1280');
    // Every price raised to 9 000 ₸ while the client looks: the notice shows it, nothing typed is lost.
    await page.getByTestId('time-taken').locator('[data-time]').first().click();
    await page.locator('.picked').waitFor();
    await w.op('put', '/api/v1/services/{id}', { token: salon.owner.token, path: { id: salon.owner.service.id }, body: { price: 9000 } });
    const raised = await w.call({
      method: 'PUT',
      url: `/api/v1/masters/${salon.masters['Дана']}/services/${salon.owner.service.id}`,
      token: salon.owner.token,
      payload: { price: 9000, duration: 45 },
    });
    expect(raised.statusCode, raised.body).toBeLessThan(300);
    await page.locator('button.confirm').click();
    await page.getByTestId('price-changed').waitFor();
    await expectFits(page, '[data-testid="price-changed"]');
    found.push(...(await violations(page, 'price changed')));
    await page.locator('button.confirm').click();
    await page.getByText('Вы записаны!').waitFor();
    expect(flat(await page.locator('.success [data-fact="price"]').textContent())).toBe('9 000 ₸');
    await expectFits(page, '.success');
    found.push(...(await violations(page, 'done')));
    expect(found).toEqual([]);
  });
});
