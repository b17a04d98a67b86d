/**
 * First-route JavaScript budget: after `npm run build:web`, sums the gzip size of the entry
 * chunk plus everything the / and /login routes load eagerly (their lazy chunk and its static
 * imports), from web/dist/.vite/manifest.json, and fails the build above BUDGET_KB: the script a
 * phone must fetch, parse and run before the first page shows (docs/web.md, "Phone and first load").
 * Usage: `npm run build:web`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const BUDGET_KB = 150;
const FIRST_ROUTES: Record<string, string> = {
  '/': 'src/features/home/home-page.tsx',
  '/login': 'src/features/auth/login-page.tsx',
};

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<string, ManifestChunk>;
const gzipKb = (file: string) => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length / 1024;

/** A chunk and its static imports (what the browser fetches before running it). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the manifest: ${key} (run npm run build:web first)`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entryKey) throw new Error('No entry chunk in the manifest');

const all = closure(entryKey);
const rows: [string, number][] = [];
const entryKb = [...all].reduce((sum, key) => sum + gzipKb(manifest[key]!.file), 0);
rows.push([`entry (${manifest[entryKey]!.file})`, entryKb]);
for (const [route, src] of Object.entries(FIRST_ROUTES)) {
  const extra = [...closure(src)].filter((key) => !all.has(key));
  extra.forEach((key) => all.add(key));
  rows.push([`route ${route}: ${extra.map((key) => manifest[key]!.file.replace('assets/', '')).join(', ')}`, extra.reduce((sum, key) => sum + gzipKb(manifest[key]!.file), 0)]);
}
const total = rows.reduce((sum, [, kb]) => sum + kb, 0);
const css = [...new Set([...all].flatMap((key) => manifest[key]!.css ?? []))].reduce((sum, file) => sum + gzipKb(file), 0);

console.log('\nFirst-route JavaScript (gzip -9):');
for (const [label, kb] of rows) console.log(`  ${kb.toFixed(1).padStart(7)} KB  ${label}`);
console.log(`  ${total.toFixed(1).padStart(7)} KB  TOTAL (budget ${BUDGET_KB} KB) ${total <= BUDGET_KB ? 'OK' : 'OVER BUDGET'}`);
console.log(`  ${css.toFixed(1).padStart(7)} KB  CSS (not counted)\n`);
// yup (13 KB gzip) loads with the forms, never in the entry: a module the shell imports that imports
// yup (any shared/schemas file does) puts it on every page's first load (docs/web.md, "Code splitting and size").
const yupInEntry = [...closure(entryKey)].some((key) => readFileSync(`${dist}${manifest[key]!.file}`, 'utf8').includes('is a required field'));
if (yupInEntry) {
  console.error('yup is in the entry chunk: a module of the shell (app/, ui/, lib/, i18n/) imports shared/schemas; import the yup-free rule from shared/domain instead.');
  process.exit(1);
}
if (total > BUDGET_KB) {
  console.error(`First-route JavaScript is ${total.toFixed(1)} KB gzip, over the ${BUDGET_KB} KB budget: lazy-load what the first paint does not need (docs/web.md).`);
  process.exit(1);
}
