/**
 * shared/ runs unchanged in a Lambda, the command line and a browser worker, so it may use no
 * Node or browser API (docs/conventions.md). This test reads every non-test source file under
 * shared/ with the TypeScript parser (so comments and strings never trigger it) and fails on
 * an import of a Node builtin, a require, or a reference to a runtime-specific global.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const sharedDir = join(root, 'shared');

/** Globals that exist in Node only, in browsers only, or that reach outside the engine. */
const FORBIDDEN_GLOBALS = new Set([
  // Node
  'process', 'Buffer', 'require', 'module', 'exports', '__dirname', '__filename', 'global', 'setImmediate', 'clearImmediate',
  // browser
  'window', 'document', 'self', 'navigator', 'location', 'localStorage', 'sessionStorage', 'indexedDB', 'XMLHttpRequest',
  'WebSocket', 'Worker', 'postMessage', 'alert', 'FileReader', 'Blob', 'File',
  // I/O and escape hatches available in both
  'fetch', 'globalThis', 'eval', 'Function', 'importScripts',
]);

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, name.split('/')[0] as string]));

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || NODE_BUILTINS.has(specifier) || NODE_BUILTINS.has(specifier.split('/')[0] as string);
}

/** An identifier that only names a property or a member, not a global. */
function isPropertyName(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return true;
  if (ts.isQualifiedName(parent) && parent.right === node) return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertySignature(parent) || ts.isMethodDeclaration(parent) || ts.isMethodSignature(parent) || ts.isGetAccessor(parent) || ts.isSetAccessor(parent) || ts.isEnumMember(parent)) && parent.name === node) return true;
  if (ts.isBindingElement(parent) && parent.propertyName === node) return true;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return true;
  if (ts.isLabeledStatement(parent) || ts.isBreakOrContinueStatement(parent)) return true;
  return false;
}

/** Problems in one source text: Node builtin imports, require/import() of them, forbidden globals. */
function purityProblems(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const problems: string[] = [];
  const at = (node: ts.Node) => `${fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node): void => {
    let specifier: ts.Expression | undefined;
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) specifier = node.moduleSpecifier;
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) specifier = node.arguments[0];
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) specifier = node.argument.literal as ts.Expression;
    else if (ts.isExternalModuleReference(node)) specifier = node.expression;
    if (specifier) {
      if (!ts.isStringLiteralLike(specifier)) problems.push(`${at(node)} imports a computed module name`);
      else if (isNodeBuiltin(specifier.text)) problems.push(`${at(node)} imports the Node builtin '${specifier.text}'`);
    }
    if (ts.isIdentifier(node) && FORBIDDEN_GLOBALS.has(node.text) && !isPropertyName(node)) {
      problems.push(`${at(node)} uses '${node.text}'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const isSource = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(name) && !name.endsWith('.d.ts');
    const isTest = /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);
    return isSource && !isTest ? [path] : [];
  });
}

describe('shared/ purity', () => {
  it('finds the shared sources (the scan is not vacuous)', () => {
    const files = sourceFiles(sharedDir).map((f) => relative(root, f));
    expect(files).toContain(join('shared', 'routes.ts'));
    expect(files).toContain(join('shared', 'feed', 'xml-parser.ts'));
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(false);
  });

  it('no non-test file under shared/ imports a Node builtin or uses a Node or browser global', () => {
    const problems = sourceFiles(sharedDir).flatMap((file) => purityProblems(relative(root, file), readFileSync(file, 'utf8')));
    expect(problems).toEqual([]);
  });

  describe('the detector', () => {
    it.each([
      ["import { readFileSync } from 'node:fs';", "Node builtin 'node:fs'"],
      ["import fs from 'fs';", "Node builtin 'fs'"],
      ["export * from 'fs/promises';", "Node builtin 'fs/promises'"],
      ["import type { Readable } from 'stream';", "Node builtin 'stream'"],
      ["const x = await import('node:crypto');", "Node builtin 'node:crypto'"],
      ["type T = import('buffer').Buffer;", "Node builtin 'buffer'"],
      ["const m = 'node:fs'; await import(m);", 'computed module name'],
      ['const env = process.env.X;', "'process'"],
      ["const b = Buffer.from('x');", "'Buffer'"],
      ["const fs = require('fs');", "'require'"],
      ['let t: Buffer;', "'Buffer'"],
      ["window.alert('x');", "'window'"],
      ['document.title = "x";', "'document'"],
      ["localStorage.setItem('a', 'b');", "'localStorage'"],
      ["await fetch('http://example.com');", "'fetch'"],
      ["const g = globalThis['process'];", "'globalThis'"],
      ['const { env } = process;', "'process'"],
    ])('flags %s', (code, expected) => {
      expect(purityProblems('sample.ts', code).join('\n')).toContain(expected);
    });

    it.each([
      ['// process, Buffer, require and fetch in a comment'],
      ["const s = 'window.document fetch(x) require(\"fs\")';"],
      ['const order = { process: 1, fetch: 2 }; order.process = order.fetch;'],
      ['interface X { document: string; window(): void }'],
      ["import { type RawOrder } from './types';"],
      ['const { process: step } = { process: 1 };'],
    ])('accepts %s', (code) => {
      expect(purityProblems('sample.ts', code)).toEqual([]);
    });
  });
});
