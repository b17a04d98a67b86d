/**
 * One measured run, in its own process so its peak memory is its own:
 * `node child.mjs <parser|checker> <xml|csv> <file> [checker bundle]`. Prints one JSON line.
 * Bundled by run.ts with esbuild and run with plain node (no tsx compile time in the figure).
 * It reads as the feed-check command does (fileBytes: synchronous 64 KiB reads into one reused
 * buffer) and hands over bytes (createFeedByteInput, or the checker's pushBytes), so a stage
 * takes the command's own path: the byte parser for UTF-8 XML, decode.ts and the text parser
 * for the rest.
 */
import { pathToFileURL } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { fileBytes } from '../../../functions/cli/file-bytes';
import { createFeedByteInput } from '../../../shared/feed/byte-input';
import type { FeedCheckOptions } from '../../../shared/feed/types';

interface Checker {
  pushBytes(bytes: Uint8Array): void;
  end(): unknown;
}
type CheckerFactory = (options: FeedCheckOptions) => Checker;

async function main(): Promise<void> {
  const [mode, format, file, checkerBundle] = process.argv.slice(2);
  if ((mode !== 'parser' && mode !== 'checker') || (format !== 'xml' && format !== 'csv') || !file) throw new Error('usage: child <parser|checker> <xml|csv> <file> [checker bundle]');
  let orders = 0;
  let sink: Checker;
  if (mode === 'parser') {
    const input = createFeedByteInput(format, () => orders++, { kind: 'order' });
    sink = { pushBytes: (bytes) => input.push(bytes), end: () => input.end() };
  } else {
    if (!checkerBundle) throw new Error('checker mode needs the checker bundle');
    const { createFeedChecker } = (await import(pathToFileURL(checkerBundle).href)) as { createFeedChecker: CheckerFactory };
    sink = createFeedChecker({ format, product: '360', now: new Date('2026-11-21T00:00:00Z') });
  }
  let heapPeak = 0;
  let bytes = 0;
  const started = performance.now();
  for (const chunk of fileBytes(file)) {
    bytes += chunk.length;
    sink.pushBytes(chunk);
    // getHeapStatistics is cheap; process.memoryUsage() reads /proc and would show in the figure.
    const heap = getHeapStatistics().used_heap_size;
    if (heap > heapPeak) heapPeak = heap;
  }
  const result = sink.end();
  const ms = performance.now() - started;
  if (mode === 'checker') {
    const stats = (result as { stats?: { numOrders?: { total?: number } } }).stats;
    orders = stats?.numOrders?.total ?? 0;
  }
  const heap = getHeapStatistics().used_heap_size;
  if (heap > heapPeak) heapPeak = heap;
  const cpu = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ orders, bytes, ms, cpuMs: (cpu.user + cpu.system) / 1000, heapPeak, maxRss: process.resourceUsage().maxRSS * 1024 })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
  process.exit(1);
});
