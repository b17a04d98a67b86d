// ESLint (flat config): typescript-eslint's recommended rules, React hooks rules for the web app,
// and the architecture's import boundaries (eslint/boundaries.js). Run by `npm test` (stage lint).
// Not type-aware: the type-checked presets need a full program per file group and doubled the
// run on this 2-core machine; `npm run typecheck` covers types.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import portal from './eslint/boundaries.js';
import cycles from './eslint/cycles.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'web/dist/**', 'dist/**', 'cdk.out/**', 'test-results/**', '**/*.d.ts', 'web/public/**', 'test/infra/fixtures/**', '.lambda-bundles/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { portal, cycles },
    rules: {
      'portal/boundaries': 'error',
      'cycles/no-cycle': 'error',
      // `_`-prefixed parameters document what a callback receives without using it.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A message id built from a closed set of codes (`audit.kind.${kind}`) is checked with
      // `satisfies MessageId`: a label missing from the catalogue then fails typecheck. A cast would
      // hide it. Ids built from open sets (a server's codes) say why on an eslint-disable line.
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression[typeAnnotation.typeName.name='MessageId'] > TemplateLiteral",
          message: 'Write `satisfies MessageId` (a missing label then fails typecheck); for an open set of codes, disable this line with the reason.',
        },
      ],
    },
  },
  {
    // One logger (functions/platform/log.ts): every server line is structured and carries the route
    // or job and the correlation id. The CLI talks to a person on a terminal; tests may print.
    files: ['functions/**/*.ts'],
    ignores: ['functions/cli/**', '**/*.test.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Tests read many answer shapes loosely on purpose (see test/integration/helpers/browser.ts).
    files: ['test/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // shared/ runs in Lambdas, the CLI and browser workers: no browser globals either.
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'process', 'Buffer', '__dirname'],
    },
  },
);
