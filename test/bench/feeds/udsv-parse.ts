/**
 * The CSV yardstick of the bench (dev only): udsv's incremental parser, parse only, over the
 * same file in the same 64 KiB reads as feed-check: `node udsv-parse.mjs <file> [encoding]`. Prints
 * the row count. With an encoding (a TextDecoder label: windows-1251, utf-16le...) the bytes are
 * decoded in it, as the engine decodes them, so the yardstick pays for decoding too. udsv keeps no line numbers and no per-order limits, so it is a speed reference, not
 * the engine's parser (docs/feed-engine.md).
 */
import { createReadStream } from 'node:fs';
import { inferSchema, initParser } from 'udsv';

async function main(): Promise<void> {
  const [file, encoding] = process.argv.slice(2);
  if (!file) throw new Error('usage: udsv-parse <file.csv> [encoding]');
  const stream = createReadStream(file, { highWaterMark: 64 * 1024 });
  if (!encoding) stream.setEncoding('utf8');
  const decoder = encoding ? new TextDecoder(encoding) : undefined;
  const text = async function* (): AsyncGenerator<string> {
    if (!decoder) return yield* stream as AsyncIterable<string>;
    for await (const bytes of stream as AsyncIterable<Buffer>) yield decoder.decode(bytes, { stream: true });
    yield decoder.decode();
  };
  let parser: ReturnType<typeof initParser> | null = null;
  let rows = 0;
  // Rows go to a reducer and are dropped: nothing accumulates, as in the engine.
  const count = () => {
    rows++;
  };
  for await (const chunk of text()) {
    if (chunk.length === 0) continue;
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
