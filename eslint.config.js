// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * The modules from the bottom up (docs/architecture.md): a module imports only modules of a lower
 * layer, never one of its own layer or above, so no two modules can form a cycle. Type imports count
 * too. Below every module: src/core (pure), src/db and src/http, which import no module.
 */
export const moduleLayers = [
  ['identity'],
  ['catalog'],
  ['schedules'],
  ['availability'],
  ['bookings'],
  ['clients', 'accounts', 'time-off', 'visits'],
  ['bot', 'superadmin', 'data-io', 'calendar-feed', 'web', 'location', 'health'],
];

function layerZones() {
  const zones = moduleLayers.flatMap((layer, rank) =>
    layer.map((name) => {
      const above = moduleLayers
        .slice(rank)
        .flat()
        .filter((other) => other !== name);
      return {
        target: `./src/modules/${name}`,
        from: above.map((other) => `./src/modules/${other}`),
        message: `${name} may import only modules of a lower layer (moduleLayers in eslint.config.js)`,
      };
    }),
  );
  return [
    ...zones.filter((zone) => zone.from.length > 0),
    { target: ['./src/db', './src/http'], from: './src/modules', message: 'src/db and src/http sit below every module' },
    { target: './src/core', from: ['./src/db', './src/http', './src/modules'], message: 'src/core is pure: no I/O, no module' },
    {
      target: ['./src/modules', './src/core', './src/db', './src/http'],
      from: './src/app.ts',
      message: 'only server.ts, scripts and tests build the app',
    },
  ];
}

export default tseslint.config(
  { ignores: ['dist/**', 'web/dist/**', 'node_modules/**', 'drizzle/**', 'test-results/**', 'data/**', 'web/src/shared/api-types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    // Resolves './x.js' to x.ts and '@core/*' as the tsconfigs do, so no-cycle sees every edge.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // A cycle of value imports; type-only imports are erased at build time and do not count.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Modules import only downward (moduleLayers above); scripts/lint-guardrails.ts proves it refuses a climb.
      'import-x/no-restricted-paths': ['error', { zones: layerZones() }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The classic hook rules; the React Compiler's rules assume that compiler, which Preact pages do not use.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Fake payloads and deliberately malformed requests.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
);
