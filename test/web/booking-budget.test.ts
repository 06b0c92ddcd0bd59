/** The booking page's budgets: its JavaScript ≤ 60 KB gzip, nothing fetched from other hosts. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const dist = join(import.meta.dirname, '../../web/dist');
const BUDGET = 60 * 1024;

/** Every script the page loads: its entry and the chunks it imports or preloads, transitively. */
function scriptsOf(html: string): string[] {
  const seen = new Set<string>();
  const queue = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const m of code.matchAll(/["'`](?:\.\/|\/assets\/)([\w.-]+\.js)["'`]/g)) queue.push(`assets/${m[1]}`);
  }
  return [...seen];
}

describe('booking page budget', () => {
  const html = readFileSync(join(dist, 'booking.html'), 'utf8');

  it('ships at most 60 KB of gzipped JavaScript', () => {
    const scripts = scriptsOf(html);
    expect(scripts.length).toBeGreaterThan(0);
    const gzipped = scripts.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
    console.info(`booking page JavaScript: ${scripts.join(', ')} = ${(gzipped / 1024).toFixed(1)} KB gzip`);
    expect(gzipped).toBeLessThanOrEqual(BUDGET);
  });

  it('loads no fonts, images, styles or scripts from other hosts', () => {
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    const css = [...html.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].map((m) => readFileSync(join(dist, m[1]!), 'utf8'));
    for (const sheet of css) {
      expect(sheet).not.toMatch(/@import|@font-face/);
      expect(sheet).not.toMatch(/url\(\s*['"]?(?:https?:)?\/\//);
    }
  });
});
