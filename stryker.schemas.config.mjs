import { readFileSync } from 'node:fs';

// The request schemas' mutation run (`npm run test:mutation:schemas`; docs/conventions.md, "Mutation
// testing"). A schema is built when its module loads (shared/schemas/define.ts), so the mutants of a
// builder are static: the main config's `ignoreStatic` skips them, and one that a test also reaches
// by importing the module inside its body runs that test alone, on a schema built before the mutant
// was on (a survivor no test could kill). Here each static mutant reloads the test files and runs
// them all: a few seconds a mutant on 2 cores, so one file at a time (`--mutate`).
const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));

export default {
  ...base,
  mutate: ['shared/schemas/**/*.ts', '!**/*.test.ts', '!**/testing/**'],
  ignoreStatic: false,
  incrementalFile: 'reports/incremental-schemas.json',
};
