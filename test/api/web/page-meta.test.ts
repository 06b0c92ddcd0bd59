/** The booking page's head (description, og: tags, icons), compression and caching of answers, and the business profile fields. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../../src/paths.js';
import { registerBusiness, useTestApp } from '../../helpers/app.js';
import type { RequestBody } from '../../helpers/typed-call.js';

// The pages come from web/dist: build it when missing or stale, before the app reads it.
beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-web.mjs'], { cwd: projectRoot, stdio: 'ignore' });
}, 120_000);

const t = useTestApp();

const meta = (html: string, key: string): string | undefined => {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html);
  return match?.[1];
};

const setProfile = (token: string, body: RequestBody<'put', '/api/v1/business'>) => t.op('put', '/api/v1/business', { token, body });

describe('the booking page head', () => {
  it("takes owner text as data: $&, $` and $' in a name are printed as typed, never as replacement patterns", async () => {
    const name = "Салон $& $` $' $$";
    const owner = await registerBusiness(t, { business_name: name });
    const html = (await t.call({ method: 'GET', url: `/${owner.business.slug}` })).body;
    const escaped = 'Салон $&amp; $` $&#39; $$';
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(meta(html, 'og:title')).toBe(escaped);
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('carries the salon name, description, og: tags and icons, escaped, rendered on the server', async () => {
    const owner = await registerBusiness(t, { business_name: 'Салон "Ажар" <b>&</b>' });
    const html = (await t.call({ method: 'GET', url: `/${owner.business.slug}` })).body;
    const url = `http://booking.test/${owner.business.slug}`;
    expect(html).toContain('<title>Салон &quot;Ажар&quot; &lt;b&gt;&amp;&lt;/b&gt;</title>');
    expect(html).not.toContain('<b>&</b>');
    expect(meta(html, 'og:title')).toBe('Салон &quot;Ажар&quot; &lt;b&gt;&amp;&lt;/b&gt;');
    expect(meta(html, 'description')).toBe(
      'Онлайн-запись в «Салон &quot;Ажар&quot; &lt;b&gt;&amp;&lt;/b&gt;», Алматы, ул. Абая 10. Выберите услугу, мастера и свободное время — без звонков.',
    );
    expect(meta(html, 'og:description')).toBe(meta(html, 'description'));
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:image')).toBe(`${url}/og.png`);
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('name="viewport"');
    expect(html).toContain('<link rel="icon" href="/favicon.ico"');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');
    expect(html).not.toContain('noindex');

    // The salon's own description replaces the generated one.
    await setProfile(owner.token, { description: '  Маникюр и педикюр\nв центре города. ' + 'Очень '.repeat(40) });
    const described = (await t.call({ method: 'GET', url: `/${owner.business.slug}` })).body;
    const description = meta(described, 'description')!;
    expect(description.startsWith('Маникюр и педикюр в центре города. Очень')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
  });

  it('the share card, icons and robots.txt answer (no 404 for /favicon.ico)', async () => {
    const owner = await registerBusiness(t);
    for (const [path, type] of [
      ['/favicon.ico', 'image/x-icon'],
      ['/favicon.svg', 'image/svg+xml'],
      ['/apple-touch-icon.png', 'image/png'],
    ]) {
      const response = await t.call({ method: 'GET', url: path! });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type'], path).toContain(type);
      expect(response.headers['cache-control'], path).toBe('public, max-age=86400');
    }
    const card = await t.call({ method: 'GET', url: `/${owner.business.slug}/og.png` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(card.headers['cache-control']).toBe('public, max-age=3600');
    expect(card.rawPayload.readUInt32BE(16)).toBe(1200);
    expect(card.rawPayload.readUInt32BE(20)).toBe(630);
    expect((await t.call({ method: 'GET', url: '/no-such-salon/og.png' })).statusCode).toBe(404);
    // With a font on the machine (DejaVu or Liberation), each salon's card carries its own name.
    if (existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf')) {
      const other = await registerBusiness(t, { business_name: 'Барбершоп «Усы»' });
      const otherCard = await t.call({ method: 'GET', url: `/${other.business.slug}/og.png` });
      expect(otherCard.rawPayload.equals(card.rawPayload)).toBe(false);
      const generic = await t.call({ method: 'GET', url: '/og-card.png' });
      expect(card.rawPayload.equals(generic.rawPayload)).toBe(false);
    }
    const robots = await t.call({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    // Panels are hidden, a salon whose slug starts like a panel ("apple-nails") is not.
    const rules = robots.body
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice(10));
    expect(rules).toEqual(['/admin$', '/admin/', '/superadmin$', '/superadmin/', '/app$', '/app/', '/api/']);
    expect(robots.body).toContain('Allow: /');
  });

  it('panels and the mini app have a description and are kept out of search', async () => {
    for (const path of ['/admin', '/app', '/superadmin']) {
      const html = (await t.call({ method: 'GET', url: path })).body;
      expect(meta(html, 'description'), path).toBeTruthy();
      expect(meta(html, 'robots'), path).toBe('noindex');
      expect(html, path).toContain('<link rel="icon" href="/favicon.ico"');
    }
  });
});

describe('compression and caching', () => {
  it('pages and JSON come as br or gzip as asked; HTML revalidates, hashed assets are immutable and precompressed', async () => {
    const owner = await registerBusiness(t);
    const page = `/${owner.business.slug}`;
    const plain = await t.call({ method: 'GET', url: page });
    const br = await t.call({ method: 'GET', url: page, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers['cache-control']).toBe('no-cache');
    // The security headers survive compression.
    expect(br.headers['content-security-policy']).toContain("default-src 'self'");
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    const gz = await t.call({ method: 'GET', url: page, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const days = await t.op('get', '/api/v1/public/{slug}/days', {
      path: { slug: owner.business.slug },
      query: { service_id: owner.service.id, from: '2026-11-23', to: '2026-12-22' },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(days.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(days.rawPayload).toString())).toHaveLength(30);
    // Small answers stay plain.
    const small = await t.op('get', '/healthz', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();

    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(plain.body)![1]!;
    const asset = await t.call({ method: 'GET', url: script, headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['etag']).toBeTruthy();
    const rawAsset = await t.call({ method: 'GET', url: script });
    expect(rawAsset.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(rawAsset.body);
    // A conditional request still gets 304.
    const again = await t.call({ method: 'GET', url: script, headers: { 'if-none-match': rawAsset.headers['etag'] as string } });
    expect(again.statusCode).toBe(304);
  });
});

describe('business profile: description, instagram, whatsapp', () => {
  it('PUT /business stores them in one form, null or "" clears, bad input is 400 and changes nothing; public answers show them', async () => {
    const owner = await registerBusiness(t);
    const initial = await t.op('get', '/api/v1/business', { token: owner.token });
    expect(initial.data).toMatchObject({ description: null, instagram: null, whatsapp: null });
    const saved = await setProfile(owner.token, {
      description: '  Уютный салон  ',
      instagram: 'https://www.instagram.com/azhar.salon/?igsh=abc',
      whatsapp: '8 701 234 56 78',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.data).toMatchObject({ description: 'Уютный салон', instagram: 'azhar.salon', whatsapp: '+7 701 234 56 78' });
    expect((await setProfile(owner.token, { instagram: '@azhar_salon' })).data.instagram).toBe('azhar_salon');
    const pub = await t.op('get', '/api/v1/public/{slug}', { path: { slug: owner.business.slug } });
    expect(pub.data).toMatchObject({ description: 'Уютный салон', instagram: 'azhar_salon', whatsapp: '+7 701 234 56 78' });

    for (const [payload, field] of [
      [{ instagram: 'bad name!' }, 'instagram'],
      [{ instagram: 'x'.repeat(31) }, 'instagram'],
      [{ whatsapp: '12345' }, 'whatsapp'],
      [{ description: 'x'.repeat(1001) }, 'description'],
      [{ description: 5 }, 'description'],
    ] as const) {
      const response = await t.call({
        method: 'PUT',
        url: '/api/v1/business',
        token: owner.token,
        payload: { name: 'Другое имя', ...payload },
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.data.detail, field).toMatch(new RegExp(field));
    }
    const unchanged = await t.op('get', '/api/v1/business', { token: owner.token });
    expect(unchanged.data).toMatchObject({ name: owner.business.name, description: 'Уютный салон', instagram: 'azhar_salon' });

    const cleared = await setProfile(owner.token, { description: null, instagram: '', whatsapp: null });
    expect(cleared.data).toMatchObject({ description: null, instagram: null, whatsapp: null });
  });
});
