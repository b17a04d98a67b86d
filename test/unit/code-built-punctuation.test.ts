/**
 * French puts a no-break space before : ; ! ? (docs/web.md, i18n), so a text that joins translated
 * pieces with such a sign must come from a catalogue message ("{step}: {status}", French
 * "{step}\u00a0: {status}"), never from code: the code's ": " is the same in every language. This
 * test reads every non-test .tsx of web/src with the TypeScript parser and fails on JSX text that
 * starts with one of these signs after another element or expression, and on a template string
 * that joins values with ": " (the sign then a space).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const SIGN_FIRST = /^\s*[:;!?](\s|$)/;

function codeBuiltPunctuation(file: string, text: string): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && SIGN_FIRST.test(node.text)) {
      const siblings = node.parent.getChildren().flatMap((child) => (child.kind === ts.SyntaxKind.SyntaxList ? child.getChildren() : [child]));
      const before = siblings[siblings.indexOf(node) - 1];
      if (before && (ts.isJsxElement(before) || ts.isJsxSelfClosingElement(before) || ts.isJsxExpression(before))) found.push(`${node.text.trim()} after ${before.getText().slice(0, 60)}`);
    }
    if (ts.isTemplateExpression(node) && node.templateSpans.some((span, i) => i < node.templateSpans.length - 1 && /^[:;!?] /.test(span.literal.text))) found.push(node.getText().slice(0, 80));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('punctuation between translated pieces comes from the catalogues', () => {
  it('finds a colon placed by code, and not one inside a message or a sentence', () => {
    expect(codeBuiltPunctuation('a.tsx', 'const a = <p><T id="x" />: <T id="y" /></p>;')).toHaveLength(1);
    expect(codeBuiltPunctuation('a.tsx', 'const a = `${name}: ${value}`;')).toHaveLength(1);
    expect(codeBuiltPunctuation('a.tsx', 'const a = <p>Note: <T id="y" /></p>; const k = `${a}:${b}`;')).toEqual([]);
  });

  it('no web page joins translated pieces with : ; ! ? in code', () => {
    const offenders = sources(join(root, 'web', 'src')).flatMap((path) => codeBuiltPunctuation(path, readFileSync(path, 'utf8')).map((what) => `${relative(root, path)}: ${what}`));
    expect(offenders).toEqual([]);
  });
});
