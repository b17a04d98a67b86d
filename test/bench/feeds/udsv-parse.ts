/**
 * The CSV yardstick of the bench (dev only): udsv's incremental parser, parse only, over the
 * same file in the same 64 KiB reads as feed-check: `node udsv-parse.mjs <file>`. Prints the row
 * count. udsv keeps no line numbers and no per-order limits, so it is a speed reference, not
 * the engine's parser (docs/feed-engine.md).
 */
import { createReadStream } from 'node:fs';
import { inferSchema, initParser } from 'udsv';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: udsv-parse <file.csv>');
  const stream = createReadStream(file, { highWaterMark: 64 * 1024 });
  stream.setEncoding('utf8');
  let parser: ReturnType<typeof initParser> | null = null;
  let rows = 0;
  // Rows go to a reducer and are dropped: nothing accumulates, as in the engine.
  const count = () => {
    rows++;
  };
  for await (const chunk of stream as AsyncIterable<string>) {
    parser ??= initParser(inferSchema(chunk));
    parser.chunk<string[]>(chunk, parser.stringArrs, count);
  }
  parser?.end();
  process.stdout.write(`${rows}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
