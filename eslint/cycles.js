/**
 * No import cycles (docs/conventions.md, "Lint and import boundaries"), as one small local rule
 * instead of eslint-plugin-import-x's no-cycle, whose resolver doubled the lint run here. The
 * graph is read once per lint run from the files themselves (relative imports and the web's
 * `shared/` alias; `import type` left out: types vanish at build time and cannot cycle at run
 * time), the linted file's own imports from the text being linted.
 */
import fs from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
// Value imports and re-exports; `import type` / `export type` are left out.
const IMPORT = /(?:^|;|\n)\s*(?:import|export)\s+(?!type\s)(?:[^;'"]*?\sfrom\s+)?['"]([^'"]+)['"]/g;

/** Repo-relative file an import names, or null (a package, or a file that does not exist). */
function resolve(root, fromFile, source) {
  let base;
  if (source.startsWith('.')) base = path.join(path.dirname(fromFile), source);
  else if (source === 'shared' || source.startsWith('shared/')) base = source;
  else return null;
  base = base.split(path.sep).join('/').replace(/\.js$/, '');
  if (/\.tsx?$/.test(base) && fs.existsSync(path.join(root, base))) return base;
  for (const ext of EXTENSIONS) if (fs.existsSync(path.join(root, base + ext))) return base + ext;
  return null;
}

/** Imports of each file read from disk, once per lint run (ESLint lints in one process). */
const graph = new Map();
function importsOf(root, file) {
  let found = graph.get(file);
  if (found) return found;
  let text = '';
  try {
    text = fs.readFileSync(path.join(root, file), 'utf8');
  } catch {
    // a file being created: no imports yet
  }
  found = [...text.matchAll(IMPORT)].map((m) => resolve(root, file, m[1])).filter(Boolean);
  graph.set(file, found);
  return found;
}

/** The import path from `start` back to `target`, or null. */
function pathBack(root, start, target) {
  const seen = new Set();
  const walk = (file, trail) => {
    if (file === target) return trail;
    if (seen.has(file)) return null;
    seen.add(file);
    for (const next of importsOf(root, file)) {
      const found = walk(next, [...trail, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

export default {
  rules: {
    'no-cycle': {
      meta: { type: 'problem', docs: { description: 'No import cycles between the repository\'s modules' }, schema: [] },
      create(context) {
        const root = context.cwd;
        const file = path.relative(root, context.filename).split(path.sep).join('/');
        const check = (node) => {
          if (!node.source || typeof node.source.value !== 'string') return;
          if (node.importKind === 'type' || node.exportKind === 'type') return;
          const target = resolve(root, file, node.source.value);
          if (!target) return;
          const trail = pathBack(root, target, file);
          if (trail) context.report({ node: node.source, message: `import cycle: ${[file, ...trail].join(' -> ')}` });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};
