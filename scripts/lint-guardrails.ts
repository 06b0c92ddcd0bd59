/**
 * `npm run lint`'s proof that the project's own ESLint configuration refuses an import cycle, a
 * floating promise and a module import that climbs a layer (catalog → bookings): throwaway files are
 * written under test/ and src/modules/catalog/, linted with eslint.config.js, and removed. It exits 1
 * when a rule stays silent. (It ran in the unit tests before: ~1 min of
 * type-aware linting on every `npm test`, for a check of the lint configuration.)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const REQUIRED_RULES = ['import-x/no-cycle', '@typescript-eslint/no-floating-promises', 'import-x/no-restricted-paths'];

/** The rules ESLint reports on a cycle a → b → a whose b also leaves a promise floating, and on a climb. */
async function rulesOnProbe(root: string): Promise<Set<string | null>> {
  const probe = join(root, 'test', `lint-probe-${process.pid}`);
  const climb = join(root, 'src', 'modules', 'catalog', `lint-probe-${process.pid}.ts`);
  try {
    mkdirSync(probe, { recursive: true });
    writeFileSync(join(probe, 'a.ts'), "import { b } from './b.js';\nexport const a = (): number => b() + 1;\n");
    writeFileSync(
      join(probe, 'b.ts'),
      "import { a } from './a.js';\nexport const b = (): number => 1;\nexport const later = (): number => a();\nexport async function tick(): Promise<void> {}\ntick();\n",
    );
    // catalog sits below bookings (moduleLayers): naming a bookings file from catalog climbs.
    writeFileSync(climb, "import { bookingBody } from '../bookings/view.js';\nexport const probe = bookingBody;\n");
    const results = await new ESLint({ cwd: root }).lintFiles([join(probe, 'a.ts'), join(probe, 'b.ts'), climb]);
    return new Set(results.flatMap((result) => result.messages.map((message) => message.ruleId)));
  } finally {
    rmSync(probe, { recursive: true, force: true });
    rmSync(climb, { force: true });
  }
}

const reported = await rulesOnProbe(join(import.meta.dirname, '..'));
const silent = REQUIRED_RULES.filter((rule) => !reported.has(rule));
if (silent.length > 0) {
  console.error(`lint guardrails: ESLint did not report ${silent.join(' and ')} on a module made to break them`);
  process.exit(1);
}
console.log(`lint guardrails: ESLint refuses ${REQUIRED_RULES.join(' and ')}`);
