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
    // A key condition never says `begins_with`: DynamoDB Local reads the whole partition for it (a
    // big advertiser's 100,000 items for an empty list), so the local stack and every bench would
    // over-report. `prefixRange` of functions/data/table.ts says "starts with" as a key range.
    files: ['functions/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // In a key condition at all; elsewhere (a condition built apart) when it names a sort key.
          selector: [
            "Property[key.name='KeyConditionExpression'] Literal[value=/begins_with/]",
            "Property[key.name='KeyConditionExpression'] TemplateElement[value.raw=/begins_with/]",
            'Literal[value=/begins_with\\s*\\(\\s*#?(sk|gsi\\d+sk)\\b/]',
            'TemplateElement[value.raw=/begins_with\\s*\\(\\s*#?(sk|gsi\\d+sk)\\b/]',
          ].join(', '),
          message: 'Read a sort-key prefix with `prefixRange` (functions/data/table.ts), not begins_with: DynamoDB Local reads the whole partition for it.',
        },
      ],
    },
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
