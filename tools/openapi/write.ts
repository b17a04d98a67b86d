/** `npm run openapi`: (re)writes docs/openapi.json from the route table (tools/openapi/document.ts). */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderOpenApi } from './document';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const target = join(root, 'docs/openapi.json');
writeFileSync(target, renderOpenApi(root));
console.log(`Wrote ${target}`);
