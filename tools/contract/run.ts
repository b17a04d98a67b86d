/**
 * `npm run -s contract -- <folder> [description]`: validates the integration suite's recorded traffic against
 * docs/openapi.json, or the description given (tools/contract/check.ts), and exits 1 on any violation, listing each kind once
 * with how many calls showed it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Document } from 'openapi-backend';
import { contractChecker, readExchanges } from './check';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const folder = resolve(process.argv[2] ?? 'test-results/contract');
if (!existsSync(folder)) {
  console.error(`No recorded traffic in ${folder}: run the integration tests with CONTRACT_RECORD=${folder}`);
  process.exit(1);
}
const exchanges = readExchanges(folder);
// A check of nothing passes nothing: the recording must have happened.
if (!exchanges.length) {
  console.error(`No recorded traffic in ${folder}`);
  process.exit(1);
}
const description = resolve(process.argv[3] ?? join(root, 'docs/openapi.json'));
const document = JSON.parse(readFileSync(description, 'utf8')) as Document;
const violations = (await contractChecker(document))(exchanges);

const kinds = new Map<string, { count: number; tests: Set<string> }>();
for (const v of violations) {
  const key = `${v.route} -> ${v.status} at ${v.pointer || '(answer)'}: ${v.message}`;
  const kind = kinds.get(key) ?? { count: 0, tests: new Set<string>() };
  kind.count += 1;
  if (v.test) kind.tests.add(v.test.replace(`${root}/`, ''));
  kinds.set(key, kind);
}
for (const [key, { count, tests }] of [...kinds].sort()) console.log(`${key} (${count}x; ${[...tests].join(', ')})`);
const routes = new Set(exchanges.map((e) => `${e.request.method} ${e.request.path}`)).size;
console.log(`Contract: ${exchanges.length} calls (${routes} distinct method+path), ${violations.length} violations of ${description.replace(`${root}/`, '')} (${kinds.size} kinds)`);
process.exit(violations.length ? 1 : 0);
