/**
 * The project's own ESLint configuration refuses an import cycle and a floating promise:
 * two throwaway modules are written under test/, linted with eslint.config.js, and removed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const probe = join(root, 'test', `lint-probe-${process.pid}`);

afterAll(() => rmSync(probe, { recursive: true, force: true }));

describe('npm run lint', () => {
  it('fails on an import cycle and on a floating promise', async () => {
    mkdirSync(probe, { recursive: true });
    writeFileSync(join(probe, 'a.ts'), "import { b } from './b.js';\nexport const a = (): number => b() + 1;\n");
    writeFileSync(
      join(probe, 'b.ts'),
      "import { a } from './a.js';\nexport const b = (): number => 1;\nexport const later = (): number => a();\nexport async function tick(): Promise<void> {}\ntick();\n",
    );
    const results = await new ESLint({ cwd: root }).lintFiles([join(probe, 'a.ts'), join(probe, 'b.ts')]);
    const rules = results.flatMap((result) => result.messages.map((message) => message.ruleId));
    expect(rules).toContain('import-x/no-cycle');
    expect(rules).toContain('@typescript-eslint/no-floating-promises');
  }, 120_000);
});
