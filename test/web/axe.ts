/**
 * axe-core run in the page as it is now: the serious and critical violations, one line each; and the
 * controls too small for a thumb.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = Pick<Result, 'id' | 'impact' | 'nodes'>;

export async function violations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
}

/** Every visible control smaller than 40×40 px (a link inside a sentence, a checkbox inside its label aside). */
export async function smallTargets(page: Page, where: string): Promise<string[]> {
  const small = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, [role="option"]'))
      .filter((el) => el.offsetParent !== null && !(el.tagName === 'A' && el.closest('p, dd, td, li.inline')))
      .filter((el) => !((el as HTMLInputElement).type === 'checkbox' && el.closest('label')))
      .map((el) => ({ el, box: (el.closest('label') ?? el).getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 40 || box.height < 40))
      .map(
        ({ el, box }) =>
          `${el.tagName.toLowerCase()}.${el.className} «${(el.textContent ?? '').trim().slice(0, 20)}» ${Math.round(box.width)}×${Math.round(box.height)}`,
      ),
  );
  return small.map((line) => `${where}: ${line}`);
}
