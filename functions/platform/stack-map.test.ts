import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { esbuildBuildOptions } from '../../lib/bundling';
import { readableStack, withReadableStack } from './stack-map';

/**
 * A real Lambda bundle (lib/bundling.ts settings: minified, split, external source maps), loaded
 * without --enable-source-maps as the routes are: its error stacks point into index.mjs and the
 * chunks until readableStack maps them back to the TypeScript lines.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'stack-map-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = [
  "import { helper } from './helper';",
  '',
  'export async function handler(input: string): Promise<string> {',
  '  const value = input.trim();',
  '  return helper(value);',
  '}',
].join('\n');
const helper = [
  '/** A second module, so the frames span two source files. */',
  'export function helper(value: string): string {',
  "  if (value === 'boom') {",
  "    throw new Error('the helper refused ' + value);",
  '  }',
  '  return value;',
  '}',
].join('\n');

/**
 * The stack of the bundle's error as a Lambda route logs it: thrown in a plain node process
 * (vitest maps stacks in its own process, which would hide what this module is for).
 */
function bundledStack(): string {
  writeFileSync(path.join(dir, 'entry.ts'), source);
  writeFileSync(path.join(dir, 'helper.ts'), helper);
  const outdir = path.join(dir, 'out');
  const result = buildSync({ ...esbuildBuildOptions(path.join(dir, 'entry.ts'), outdir), logLevel: 'error' });
  expect(result.errors).toEqual([]);
  const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(path.join(outdir, 'index.mjs')).href)}); await handler(' boom ').catch((e) => process.stdout.write(e.stack));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH }, timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe('readableStack', () => {
  it('maps the frames of a minified bundle to the TypeScript files and lines', () => {
    const stack = bundledStack();
    expect(stack).toMatch(/index\.mjs:\d+:\d+/);
    const mapped = readableStack(stack);
    expect(mapped).toMatch(/helper\.ts:4:\d+/);
    expect(mapped).toMatch(/entry\.ts:5:\d+/);
    expect(mapped).not.toMatch(/index\.mjs/);
    expect(mapped.split('\n')[0]).toBe('Error: the helper refused boom');
    const error = new Error('the helper refused boom');
    error.stack = stack;
    expect(withReadableStack(error).stack).toBe(mapped);
  });

  it("leaves frames without a map as they are (Node's own files, a missing map)", () => {
    const stack = ['Error: x', '    at run (node:internal/process/task_queues:95:5)', '    at file:///nowhere/at/all/index.mjs:1:200', '    at /nowhere/else.js:3:4'].join('\n');
    expect(readableStack(stack)).toBe(stack);
  });

  it('never throws on an error whose stack cannot be written', () => {
    const frozen = Object.freeze(new Error('frozen'));
    expect(withReadableStack(frozen)).toBe(frozen);
  });
});
