/**
 * Chunk boundaries and callers' buffers never change what the engine reads (issue 32). Every
 * feed of the realistic corpus (testing/realistic.ts: every encoding the engine reads, UTF-8
 * with and without a BOM, UTF-16LE/BE, windows-1251/1252, ISO-8859-1/5, KOI8-R; CRLF, quotes,
 * CDATA, attributes, Cyrillic and accented text) goes through the checker's pushBytes in chunks
 * cut at every byte offset, so cuts fall inside multi-byte characters, BOMs, declarations, CRLF
 * pairs, quotes and tags, by a caller that overwrites its buffer (a Node Buffer, as the command
 * line reads files) after every call; the orders and the report must equal a one-chunk read's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFeedByteInput } from './byte-input';
import { createOrderChecker } from './checker';
import { CSV_SNIFF_BYTES } from './decode';
import { CORPUS_VARIANT_NAMES, CORPUS_VARIANTS, corpusFeed, corpusRecords, type CorpusStyle } from './testing/realistic';
import { FeedParseError, type RawOrder } from './types';

const NOW = new Date('2026-11-21T10:00:00Z');

interface Read {
  orders?: { line: number; fields: RawOrder['fields']; products: RawOrder['products'] }[];
  result?: unknown;
  error?: { code: string; message: string; line: number | undefined };
}

/** A caller: hands the engine each chunk, then does what it likes with its memory. */
type Caller = (bytes: Uint8Array, cuts: readonly number[], push: (chunk: Uint8Array) => void) => void;

const cutsOf = (length: number, cuts: readonly number[]) => [0, ...[...cuts].map((c) => Math.max(0, Math.min(length, c))).sort((a, b) => a - b), length];

/** A fresh copy per chunk: nothing is ever overwritten (the reference's way). */
const fresh: Caller = (bytes, cuts, push) => {
  const at = cutsOf(bytes.length, cuts);
  for (let i = 1; i < at.length; i++) push(bytes.slice(at[i - 1], at[i]));
};

/**
 * One buffer for every chunk, as feed-check's fileBytes reads a file: each chunk is copied into
 * it, pushed as a view, then the buffer is scribbled over before the next one. A Node Buffer
 * (whose slice() is a view, the bug of issue 32) or a plain Uint8Array.
 */
const reusing =
  (kind: 'Buffer' | 'Uint8Array'): Caller =>
  (bytes, cuts, push) => {
    const at = cutsOf(bytes.length, cuts);
    let biggest = 1;
    for (let i = 1; i < at.length; i++) biggest = Math.max(biggest, at[i]! - at[i - 1]!);
    const buffer = kind === 'Buffer' ? Buffer.allocUnsafe(biggest) : new Uint8Array(biggest);
    for (let i = 1; i < at.length; i++) {
      const n = at[i]! - at[i - 1]!;
      buffer.set(bytes.subarray(at[i - 1], at[i]), 0);
      push(buffer.subarray(0, n));
      // '"', 0xD0 (a Cyrillic lead byte), '<' and CR: whatever is kept by mistake turns into something else.
      for (let k = 0; k < buffer.length; k++) buffer[k] = [0x22, 0xd0, 0x3c, 0x0d][k % 4]!;
    }
  };

/**
 * What the engine makes of the bytes: the orders it handed out (and with `report`, the checker's
 * report on them), or its refusal. The report is a function of the orders, so the many runs
 * compare the orders and the report is compared too wherever the checker's set-up (its id table)
 * is affordable.
 */
function read(style: CorpusStyle, bytes: Uint8Array, cuts: readonly number[], caller: Caller, report = false): Read {
  const orders: NonNullable<Read['orders']> = [];
  const checker = report ? createOrderChecker({ product: '360', now: NOW }) : undefined;
  const input = createFeedByteInput(
    style.format,
    (order) => {
      orders.push({ line: order.line, fields: { ...order.fields }, products: order.products && order.products.map((p) => ({ ...p, fields: { ...p.fields } })) });
      checker?.check(order);
    },
    { kind: 'order' },
  );
  try {
    caller(bytes, cuts, (chunk) => input.push(chunk));
    input.end();
    return checker ? { orders, result: checker.result() } : { orders };
  } catch (error) {
    if (!(error instanceof FeedParseError)) throw error;
    return { error: { code: error.code, message: error.message, line: error.line } };
  }
}

/** Small feeds (every offset is a run), a little over the kilobyte the input gate holds back: the constructs after it meet the tokenizers' own chunk handling. */
const SMALL = { xml: 2, csv: 6 } as const;
const small = (style: CorpusStyle) => corpusFeed(style, { orders: SMALL[style.format], now: NOW });
/** Safety net for a busy 2-core machine, not a speed check. */
const SLOW = 120_000;

describe('the realistic corpus', () => {
  it.each(CORPUS_VARIANT_NAMES)('%s reads back the orders it was written from, every text field intact', (name) => {
    const style: CorpusStyle = CORPUS_VARIANTS[name];
    const whole = read(style, small(style), [], fresh, true);
    expect(whole.error).toBeUndefined();
    expect(small(style).length).toBeGreaterThan(1024);
    const expected = [...corpusRecords(style, { orders: SMALL[style.format], now: NOW })].map((r) => ({
      ...r.fields,
      // `<coupon/>` is an empty coupon, a missing element none.
      ...(style.format === 'xml' && style.empties && r.fields.coupon === undefined ? { coupon: '' } : {}),
      products: r.products!.map((p) => p),
    }));
    expect(whole.orders!.map((o) => ({ ...o.fields, products: o.products!.map((p) => p.fields) }))).toEqual(expected);
    // The characters the cuts must not break are there: beyond ASCII, and beyond the BMP where the encoding has it.
    if (style.language !== 'ascii') expect(JSON.stringify(whole.orders)).toMatch(/[À-ÿЀ-ӿ]/);
    if (style.encoding.startsWith('utf') && style.language !== 'ascii') expect(JSON.stringify(whole.orders)).toContain('🎁');
    // Written any way, the same report as the plain feed of that format.
    const plain = CORPUS_VARIANTS[style.format === 'xml' ? 'xml-plain' : 'csv-plain'];
    expect((whole.result as { counts: object }).counts).toEqual((read(plain, small(plain), [], fresh, true).result as { counts: object }).counts);
  });
});

describe('every split point, a caller that reuses its buffer', () => {
  it.each(CORPUS_VARIANT_NAMES)('%s: cut at every byte offset, and one byte at a time, as read whole', (name) => {
    const style: CorpusStyle = CORPUS_VARIANTS[name];
    const bytes = small(style);
    const whole = read(style, bytes, [], fresh);
    const buffer = reusing('Buffer');
    for (let cut = 1; cut < bytes.length; cut++) {
      const split = read(style, bytes, [cut], buffer);
      if (JSON.stringify(split) !== JSON.stringify(whole)) expect(split, `cut at byte ${cut} of ${bytes.length}`).toEqual(whole);
    }
    const everyByte = Array.from({ length: bytes.length }, (_, i) => i);
    const wholeReport = read(style, bytes, [], fresh, true);
    expect(read(style, bytes, everyByte, buffer, true)).toEqual(wholeReport);
    expect(read(style, bytes, everyByte, reusing('Uint8Array'), true)).toEqual(wholeReport);
  }, SLOW);

  it.each(CORPUS_VARIANT_NAMES)('%s: random cuts by every kind of caller, as read whole', (name) => {
    const style: CorpusStyle = CORPUS_VARIANTS[name];
    const bytes = small(style);
    const whole = read(style, bytes, [], fresh, true);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: bytes.length }), { minLength: 1, maxLength: 12 }), fc.constantFrom(fresh, reusing('Buffer'), reusing('Uint8Array')), (cuts, caller) => {
        expect(read(style, bytes, cuts, caller, true)).toEqual(whole);
      }),
      { numRuns: 25, seed: 32 },
    );
  }, SLOW);
});

describe('a CSV without a byte order mark, past the 64 KiB it is sniffed on', () => {
  // The encoding is chosen on the first 64 KiB; after them the decoder streams (UTF-8: its own
  // cut before an unfinished character; legacy: TextDecoder's stream mode). Cuts at every offset
  // of the rows right after the sniffed start, and one byte at a time from there.
  const noMark = CORPUS_VARIANT_NAMES.filter((name) => CORPUS_VARIANTS[name].format === 'csv' && !CORPUS_VARIANTS[name].encoding.endsWith('-bom'));
  it.each(noMark)('%s', (name) => {
    const style: CorpusStyle = CORPUS_VARIANTS[name];
    // Just past the sniffed 64 KiB, then a few rows.
    let orders = Math.ceil((CSV_SNIFF_BYTES / corpusFeed(style, { orders: 100, now: NOW }).length) * 100);
    let bytes = corpusFeed(style, { orders, now: NOW });
    while (bytes.length < CSV_SNIFF_BYTES + 2048) bytes = corpusFeed(style, { orders: (orders += 20), now: NOW });
    expect(bytes.length).toBeGreaterThan(CSV_SNIFF_BYTES + 1024);
    const whole = read(style, bytes, [], fresh);
    expect(whole.error).toBeUndefined();
    const buffer = reusing('Buffer');
    for (let cut = CSV_SNIFF_BYTES + 1; cut < CSV_SNIFF_BYTES + 300; cut++) {
      const split = read(style, bytes, [CSV_SNIFF_BYTES, cut], buffer);
      if (JSON.stringify(split) !== JSON.stringify(whole)) expect(split, `cut at byte ${cut}`).toEqual(whole);
    }
    const tail = Array.from({ length: bytes.length - CSV_SNIFF_BYTES }, (_, i) => CSV_SNIFF_BYTES + i);
    expect(read(style, bytes, tail, buffer, true)).toEqual(read(style, bytes, [], fresh, true));
  }, SLOW);
});
