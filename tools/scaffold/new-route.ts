/**
 * `npm run new:route -- --entity widgets --singular widget --area marketing --page /marketing/widgets
 *   --en Widgets --fr Widgets --ru Виджеты (--menu dataStructure | --off "how users reach it") [--dry-run]`
 * Writes what a new company-scoped entity with GET/POST /api/<entity> and its page needs
 * (tools/scaffold/plan.ts), then regenerates docs/openapi.json. --dry-run lists the files only.
 * What it could not place is printed with the file it goes in; docs/add-a-route.md, "The scaffold".
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { planScaffold } from './plan';

const root = path.join(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    entity: { type: 'string' },
    singular: { type: 'string' },
    area: { type: 'string' },
    page: { type: 'string' },
    en: { type: 'string' },
    fr: { type: 'string' },
    ru: { type: 'string' },
    menu: { type: 'string' },
    off: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
  },
});
const { entity, singular, area, page, en, fr, ru, menu, off } = values;
if (!entity || !singular || !area || !page || !en || !fr || !ru || !(menu || off)) {
  console.error('usage: npm run new:route -- --entity widgets --singular widget --area marketing --page /marketing/widgets --en Widgets --fr Widgets --ru Виджеты (--menu dataStructure | --off "how users reach it") [--dry-run]');
  process.exit(2);
}
const read = (file: string) => (existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : null);
const plan = planScaffold({ entity, singular, area, page, labels: { en, fr, ru }, menu: menu ? { list: menu } : { off: off! } }, read);

for (const [file, text] of plan.files) {
  console.log(`${read(file) === null ? 'new ' : 'edit'} ${file}`);
  if (values['dry-run']) continue;
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}
if (!values['dry-run']) for (const command of plan.then) execFileSync('npm', ['run', '-s', ...command.split(' ').slice(2)], { cwd: root, stdio: 'inherit' });
for (const step of plan.manual) console.log(`\nBY HAND ${step}`);
console.log(`
Then: fill in the entity's fields (shared/domain/types.ts, the schema, the page), the route's row in
docs/conventions.md ("HTTP contract"), the integration test, and run typecheck, lint, knip and the
tests the checklist names (docs/add-a-route.md, section 6).`);
