/**
 * The docs name files and sections that readers (and code comments) follow: a path a doc names
 * must exist, a relative link must land on a file, and a reference `docs/x.md, "Section"` in the
 * docs or the code must name a heading (or a bold label) of that doc. Placeholders (`<area>`, `*`, `…`) are skipped.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const docs = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const TOP = '(?:functions|shared|web|lib|bin|localstack|test|docs|tools|eslint|\\.ci)';
const PATH = new RegExp(`(?<![\\w./@-])${TOP}/[\\w./@-]*[\\w/]`, 'g');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const file = `${dir}/${name}`;
    if (['node_modules', 'dist', 'cdk.out', 'test-results'].includes(name)) return [];
    if (statSync(join(root, file)).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mjs|sh|md)$/.test(name) ? [file] : [];
  });
}

/** The path as named, without a trailing sentence dot or a `:line` suffix. */
const clean = (p: string) => p.replace(/[.]+$/, '');

describe('docs', () => {
  it('name only files and folders that exist', () => {
    const missing: string[] = [];
    for (const doc of docs) {
      const text = readFileSync(join(root, doc), 'utf8');
      for (const line of text.split('\n')) {
        for (const m of line.matchAll(PATH)) {
          const rest = /^[^\s`)"',]*/.exec(line.slice(m.index + m[0].length))![0];
          if (/[<*{…$]/.test(rest)) continue;
          const p = clean(m[0]);
          // a planned example (the scaffold's probe), a generated folder, a Docker image
          if (/scaffold-probe|widgets|web\/dist|test-results|cdk\.out|^localstack\/localstack/.test(p)) continue;
          // an import specifier names no extension; the web app's `lib/` is web/src/lib
          const found = ['', 'web/src/'].some((base) => ['', '.ts', '.tsx'].some((ext) => existsSync(join(root, `${base}${p}${ext}`))));
          if (!found) missing.push(`${doc}: ${p}`);
        }
        for (const m of line.matchAll(/\]\(([^)#:\s]+)(#[^)]*)?\)/g)) {
          const target = join(root, dirname(doc), m[1]!);
          if (!existsSync(target)) missing.push(`${doc}: link ${m[1]}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('have every section that a reference `docs/x.md, "Section"` names', () => {
    const headings = new Map(
      docs.map((doc) => [doc, readFileSync(join(root, doc), 'utf8').split('\n').flatMap((l) => (/^#+ /.test(l) ? [l.replace(/^#+ /, '')] : [...l.matchAll(/\*\*([^*]+)\*\*/g)].map((b) => b[1]!)))]),
    );
    const broken: string[] = [];
    const files = [...docs, ...['functions', 'shared', 'web/src', 'lib', 'bin', 'localstack', 'test', 'tools'].flatMap(sourceFiles)];
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8').replace(/\s*\n\s*(?:\/\/|\*|#)?\s*/g, ' ');
      for (const m of text.matchAll(/(docs\/[\w-]+\.md)\)?,? "([^"]{1,80})"/g)) {
        const [, doc, section] = m as unknown as [string, string, string];
        const own = headings.get(doc);
        if (!own) continue;
        if (!own.some((h) => h.toLowerCase().includes(section.toLowerCase()))) broken.push(`${relative(root, join(root, file))}: ${doc}, "${section}"`);
      }
    }
    expect(broken).toEqual([]);
  });
});
