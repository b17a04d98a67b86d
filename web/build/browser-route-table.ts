import { parseAst, type Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Every node of an ESTree, depth first. */
function* walk(node: Node): Generator<Node> {
  yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* walk(item);
    } else if (isNode(value)) yield* walk(value);
  }
}

/**
 * What the web client reads of a route (lib/api/client.ts, lib/api/use-route.ts): which call to
 * make, whether it sends the shown company and (access: a signed-in write) an Idempotency-Key,
 * which answers it makes stale or answers itself.
 */
const BROWSER_KEEPS = new Set(['id', 'method', 'path', 'access', 'companyScoped', 'stale', 'answers']);

/**
 * Kept properties whose value the client reads as if they were absent, dropped too: the table is in
 * the entry chunk of every first load. The client only asks whether a route is public, company-scoped
 * or makes anything stale (lib/api/client.ts, use-route.ts); `route()` fills `companyScoped: false`.
 */
function readAsAbsent(name: string, value: Node): boolean {
  if (name === 'access') return !(value.type === 'Literal' && value.value === 'public');
  if (name === 'companyScoped') return value.type === 'Literal' && value.value === false;
  if (name === 'stale') return value.type === 'ArrayExpression' && (value.elements as unknown[]).length === 0;
  return false;
}

/** The ranges as spaces (newlines stay): positions, and so the source map, do not move. */
function blank(code: string, ranges: [number, number][]): string {
  let out = '';
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    out += code.slice(at, start) + code.slice(start, end).replace(/[^\n]/g, ' ');
    at = end;
  }
  return out + code.slice(at);
}

/**
 * The browser's copy of shared/routes.ts: each `route({...})` keeps only what the client reads
 * (BROWSER_KEEPS); the server's properties go (the request schema, the response type's carrier,
 * the Lambda settings, the IAM grants, area), and then each import nothing else uses.
 *
 * Why: the request schemas are the server's (functions/pipeline/handler.ts validates with them)
 * and the OpenAPI generator's; a form imports its schema from shared/schemas itself. The route
 * table is one module and the shell imports it, so Rollup puts every route any page uses into
 * the entry chunk: with the schemas came yup (and, for a statically imported module, its
 * top-level code, which Rollup cannot prove pure), 17 KB of gzip on every first load that no first
 * paint needs, and the IAM grants, which the browser has no business knowing. Now a schema, and
 * yup, travel only with the forms that import them.
 *
 * Applied in every mode (build, dev server, the web tests) so the browser's route table is the
 * same everywhere; web/src/lib/api/browser-routes.test.ts fails without it. Each removed property
 * or import becomes spaces of the same length, so line and column numbers (and the source map)
 * stay right. Fails when it removes nothing: a renamed `route()` must not silently bring it back.
 */
export function browserRouteTable(): Plugin {
  return {
    name: 'portal:browser-route-table',
    // After esbuild: the module is JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]shared[\\/]routes\.ts$/.test(id)) return null;
      const ranges: [number, number][] = [];
      for (const node of walk(parseAst(code) as unknown as Node)) {
        if (node.type !== 'CallExpression') continue;
        const callee = node.callee as Node & { name?: string };
        const [definition] = node.arguments as Node[];
        if (callee.type !== 'Identifier' || callee.name !== 'route' || definition?.type !== 'ObjectExpression') continue;
        for (const property of definition.properties as (Node & { key: Node & { name?: string }; computed?: boolean })[]) {
          if (property.type !== 'Property' || property.computed) continue;
          const name = property.key.name ?? '';
          if (BROWSER_KEEPS.has(name) && !readAsAbsent(name, property.value as Node)) continue;
          // The property and its comma: `{ a, schema: s, b }` -> `{ a,            b }`.
          const comma = /^\s*,/.exec(code.slice(property.end));
          ranges.push([property.start, property.end + (comma ? comma[0].length : 0)]);
        }
      }
      if (ranges.length === 0) this.error(`${id}: no route() with server-only properties found; has the route table changed shape?`);
      const stripped = blank(code, ranges);
      // Then the imports only those properties used: Rollup keeps a statically imported module's
      // top-level statements unless it can prove them pure (yup's are not), whatever is used of it.
      const program = parseAst(stripped) as unknown as Node & { body: Node[] };
      const imports = program.body.filter((node) => node.type === 'ImportDeclaration');
      const used = new Set<string>();
      for (const node of program.body) {
        if (node.type === 'ImportDeclaration') continue;
        for (const inner of walk(node)) if (inner.type === 'Identifier') used.add(inner.name as string);
      }
      const unused = imports.filter((node) => {
        const specifiers = node.specifiers as (Node & { local: { name: string } })[];
        return specifiers.length > 0 && specifiers.every((specifier) => !used.has(specifier.local.name));
      });
      return { code: blank(stripped, unused.map((node) => [node.start, node.end])), map: null };
    },
  };
}
