import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The parsers hand the rules values cut from the chunk's text without copying them (a cut of 13
 * characters or more keeps the whole chunk alive); whatever outlives the order (examples, held
 * examples, the date range) must be copied (`detach`). Here the kept examples come from ten
 * different 1 MiB chunks: kept as cuts, they would hold about 10 MB (measured: 16.6 MB against
 * 6.2 MB when the reporter's copy is removed).
 */
const probe = path.join(import.meta.dirname, 'feed-retention-probe.ts');

function heapAfter(kind: 'bad' | 'clean', format: 'xml' | 'csv'): { examples: number; heapUsed: number } {
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', probe, kind, format], { encoding: 'utf8', timeout: 120_000 });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { examples: number; heapUsed: number };
}

describe('values kept past their order', () => {
  it.each(['xml', 'csv'] as const)('do not keep their chunks alive (%s)', (format) => {
    const clean = heapAfter('clean', format);
    const bad = heapAfter('bad', format);
    expect(bad.examples - clean.examples).toBeGreaterThan(50);
    expect(bad.heapUsed - clean.heapUsed).toBeLessThan(3 * 1024 * 1024);
  }, 240_000);
});
