import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * One million orders through the whole checker (XML parser, every rule, stats) in a process
 * whose JS heap is capped at 32 MB: proof that nothing is kept per order but the 8-byte id
 * fingerprints, which live outside the heap.
 */
const PROBE = `
const { createFeedChecker } = await import(${JSON.stringify(new URL('./checker.ts', import.meta.url).href)});
const { cleanRecords, xmlChunks } = await import(${JSON.stringify(new URL('./testing/generate.ts', import.meta.url).href)});
const now = new Date('2026-11-21T10:00:00Z');
const checker = createFeedChecker({ format: 'xml', product: '360', now });
let buffer = '';
for (const chunk of xmlChunks(cleanRecords({ now, orders: 1_000_000, days: 60 }))) {
  buffer += chunk;
  if (buffer.length > 65536) { checker.push(buffer); buffer = ''; }
}
checker.push(buffer);
const result = checker.end();
const { heapUsed, arrayBuffers } = process.memoryUsage();
console.log(JSON.stringify({ total: result.stats.numOrders.total, counts: result.counts, heapUsed, arrayBuffers }));
`;

describe('memory', () => {
  it('checks a 1M-order feed under --max-old-space-size=32', async () => {
    const { stdout } = await new Promise<{ stdout: string }>((resolve, reject) =>
      execFile(process.execPath, ['--max-old-space-size=32', '--import', 'tsx', '--input-type=module', '-e', PROBE], { maxBuffer: 1 << 20 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve({ stdout }),
      ),
    );
    const probe = JSON.parse(stdout) as { total: number; counts: object; heapUsed: number; arrayBuffers: number };
    expect(probe.total).toBe(1_000_000);
    expect(probe.counts).toEqual({});
    // 1M ids > 3/4 of 2^20 slots, so 2^21 slots of 8 bytes: 16 MiB, all of it off the heap.
    expect(probe.arrayBuffers).toBeGreaterThanOrEqual(2 ** 21 * 8);
    expect(probe.heapUsed).toBeLessThan(32 * 1024 * 1024);
  }, 120_000);
});
