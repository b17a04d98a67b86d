/**
 * Property tests of both record parsers (fast-check):
 * - on any input they end with orders or a FeedParseError, never anything else;
 * - chunk boundaries never change the outcome (same orders, or the same error, line and detail);
 * - every refusal carries a detail (key and values) for the translated text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCsvParser } from './csv-parser';
import { parseChunks, splitAt, type ParseOutcome } from './parse/outcome';
import { detailProblems } from './testing/error-detail';
import { ORDER_FIELDS, PRODUCT_FIELDS, type FeedErrorCode, type RecordParserFactory } from './types';
import { createXmlParser } from './xml-parser';

const CODES: readonly FeedErrorCode[] = ['empty', 'binary', 'malformed', 'truncated', 'doctype', 'too-deep', 'token-too-large', 'wrong-root', 'csv-header'];

/**
 * Both parsers hold the first kilobyte back (binary sniffing) and parse it in one piece, so
 * the constructs worth splitting (CDATA, entities, comments, quotes, CRLF) come after plain
 * records that fill the first kilobyte and more.
 */
const PLAIN_XML = Array.from({ length: 12 }, (_, i) => `  <order><id>${2000 + i}</id><date>2026-11-${10 + i} 08:00:00</date><state>wait</state><price>${i}.5</price>\n    <products><product><id>S${i}</id><category>c</category><price>1</price><quantity>${i}</quantity></product></products>\n  </order>`).join('\n');

const VALID_XML = `<?xml version="1.0" encoding="UTF-8"?>
<!-- export -->
<orders>
${PLAIN_XML}
  <order>
    <id>1001</id><date>2026-11-20 10:15:00</date><state>done</state><price>120.50</price>\r
    <newclient>1</newclient><coupon><![CDATA[A&B]]></coupon><margin>&#49;&#x30;&#x1F600;</margin>
    <commission>1<!-- split -->2</commission><lastorderdate> &lt;x&gt; </lastorderdate>
    <products>
      <product><id>P1</id><category>shoes &amp; boots</category><price>60.25</price><quantity>2</quantity></product>
      <product id="x"><id>P2</id><category/><price>1</price><quantity>1</quantity><size>L</size></product>
      text
    </products>
  </order>
  <order note="a > b" other='c/>'><id>1002</id><state>cancel</state><?pi x?><unknown><id>no</id></unknown></order>
  <order/>
</orders>
<!-- tail -->
`;

const PLAIN_CSV = Array.from({ length: 40 }, (_, i) => `${2000 + Math.floor(i / 2)};2026-11-${10 + (i % 10)} 08:00:00;wait;${i}.5;0;;S${i};c;1;${i}\r\n`).join('');

const VALID_CSV = `\uFEFFid;date;state;price;newclient;coupon;product_id;product_category;product_price;product_quantity\r
${PLAIN_CSV}1001;2026-11-20 10:15:00;done;120.50;1;"A;B";P1;shoes;60.25;2\r
1001;2026-11-20 10:15:00;done;120.50;1;"A;B";P2;"hats ""x""";1;1\r
1002;2026-11-19 09:00:00;cancel;5;0;"multi\r
line";;;;\r
\r
;;;;;;;;;\r
1003;2026-11-18 09:00:00;wait;7;0;"";P3;c;;\r
1004;"2026-11-18 09:00:00";"";7;0;""""\n1005;x`;

const FORMATS: [string, RecordParserFactory, string][] = [
  ['xml', createXmlParser, VALID_XML],
  ['csv', createCsvParser, VALID_CSV],
];

/** Characters that matter to the parsers, so mutations hit their branches often. */
const SIGNIFICANT = [...'<>/!?[]-&#;"\'=:,;\r\n \t\u0000\uFEFFabcdxopr0123456789', 'CDATA', 'DOCTYPE', '&amp;', '&#x41;', '</order>', '<order>', '<product>', '"', '""'];

const mutation = fc.record({ at: fc.nat(), remove: fc.nat({ max: 4 }), insert: fc.constantFrom(...SIGNIFICANT, '') });

function mutate(text: string, edits: { at: number; remove: number; insert: string }[]): string {
  let out = text;
  for (const edit of edits) {
    const at = edit.at % (out.length + 1);
    out = out.slice(0, at) + edit.insert + out.slice(at + edit.remove);
  }
  return out;
}

/** Padding past the sniffed kilobyte, so arbitrary inputs stream through pushes instead of being parsed at end(). */
const PAD: Record<string, string> = { xml: `<!--${'-x'.repeat(600)}-->`, csv: '\n'.repeat(1100) };

const anyInput = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: fc.constantFrom(...SIGNIFICANT), maxLength: 80 }),
);

/** What is wrong with an outcome: orders of the contract's shape, or a known FeedParseError code with a message. */
function shapeProblems(outcome: ParseOutcome): string[] {
  // Plain checks collected into one assertion: thousands of expect() calls per run would be the slow part.
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  if ('error' in outcome) {
    check(CODES.includes(outcome.error.code), `unknown code ${outcome.error.code}`);
    check(outcome.error.message.length > 0, 'empty message');
    check(outcome.error.line === undefined || (Number.isInteger(outcome.error.line) && outcome.error.line >= 1), `bad line ${outcome.error.line}`);
    for (const problem of detailProblems(outcome.error.detail, outcome.error.message)) check(false, problem);
    return problems;
  }
  for (const order of outcome.orders) {
    check(Number.isInteger(order.line) && order.line >= 1, `bad order line ${order.line}`);
    for (const [key, value] of Object.entries(order.fields)) check((ORDER_FIELDS as readonly string[]).includes(key) && typeof value === 'string', `bad field ${key}`);
    check(order.products === null || Array.isArray(order.products), 'bad products');
    for (const product of order.products ?? []) {
      check(Number.isInteger(product.line) && product.line >= order.line, `bad product line ${product.line}`);
      for (const [key, value] of Object.entries(product.fields)) check((PRODUCT_FIELDS as readonly string[]).includes(key) && typeof value === 'string', `bad product field ${key}`);
    }
    check(order.productsProblem === undefined || typeof order.productsProblem === 'string', 'bad productsProblem');
  }
  return problems;
}

function expectWellFormed(outcome: ParseOutcome): void {
  expect(shapeProblems(outcome)).toEqual([]);
}

// Generous per-test timeout: a shared CI machine can be several times slower than a laptop.
describe.each(FORMATS)('%s parser properties', { timeout: 60_000 }, (format, factory, valid) => {
  const whole = (text: string) => parseChunks(factory, [text]);
  const maybePadded = (arb: fc.Arbitrary<string>) => fc.tuple(arb, fc.boolean()).map(([text, pad]) => (pad ? `${PAD[format]}${text}` : text));

  it('samples are longer than the sniffed kilobyte, so splits exercise streaming', () => {
    expect(valid.length).toBeGreaterThan(2048);
  });

  it('reads the valid sample feed', () => {
    const outcome = whole(valid);
    expect('orders' in outcome && outcome.orders.length).toBeGreaterThanOrEqual(2);
  });

  it('ends with orders or a FeedParseError on arbitrary input', () => {
    fc.assert(fc.property(maybePadded(anyInput), (text) => expectWellFormed(whole(text))), { numRuns: 1500 });
  });

  it('ends with orders or a FeedParseError on random mutations of a valid feed', () => {
    fc.assert(fc.property(fc.array(mutation, { minLength: 1, maxLength: 6 }), (edits) => expectWellFormed(whole(mutate(valid, edits)))), { numRuns: 1500 });
  });

  it('ends with orders or a FeedParseError on every truncation of a valid feed', () => {
    for (let end = 0; end < valid.length; end++) expectWellFormed(whole(valid.slice(0, end)));
  });

  it('gives the same outcome for every single split point of the valid feed and of broken ones', () => {
    const feeds = [
      valid,
      valid.slice(0, Math.floor(valid.length * 0.8)),
      mutate(valid, [{ at: valid.length - 300, remove: 1, insert: '<' }]),
      mutate(valid, [{ at: valid.length - 200, remove: 0, insert: '"' }]),
      mutate(valid, [{ at: valid.length - 100, remove: 0, insert: '&#0;' }]),
    ];
    for (const feed of feeds) {
      const expected = whole(feed);
      for (let at = 0; at <= feed.length; at++) expect(parseChunks(factory, splitAt(feed, [at]))).toEqual(expected);
    }
  });

  it('gives the same outcome for random multi-splits of random (mutated) inputs', () => {
    const input = fc.oneof(
      fc.array(mutation, { maxLength: 4 }).map((edits) => mutate(valid, edits)),
      maybePadded(anyInput),
      fc.nat().map((n) => valid.slice(0, n % (valid.length + 1))),
    );
    fc.assert(
      fc.property(input, fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        expect(parseChunks(factory, splitAt(text, cuts.map((c) => c % (text.length + 1))))).toEqual(whole(text));
      }),
      { numRuns: 1500 },
    );
  });

  it('gives the same outcome one character at a time on random mutations', () => {
    fc.assert(
      fc.property(fc.array(mutation, { maxLength: 4 }), (edits) => {
        const text = mutate(valid, edits);
        expect(parseChunks(factory, [...text])).toEqual(whole(text));
      }),
      { numRuns: 200 },
    );
  });
});

describe('limits: the same refusal whatever the chunking', { timeout: 60_000 }, () => {
  const MIB = 1024 * 1024;
  const cases: [string, RecordParserFactory, string][] = [
    ['xml text over the cap', createXmlParser, `<orders><order><id>${'a'.repeat(MIB + 5)}</id></order></orders>`],
    ['xml tag over the cap', createXmlParser, `<orders><order a="${'a'.repeat(MIB + 5)}"/></orders>`],
    ['xml value in pieces over the cap', createXmlParser, `<orders><order><id>${'a'.repeat(MIB / 2)}<!---->${'b'.repeat(MIB / 2 + 1)}</id></order></orders>`],
    ['csv quoted field over the field cap', createCsvParser, `id;coupon\n1;"${'a'.repeat(2 * MIB)}"\n`],
    ['csv quoted field over the record cap', createCsvParser, `id;coupon\n1;"${'a'.repeat(5 * MIB)}"\n`],
    // A newline inside quotes early in the row: the row's first line is short, its record is not.
    ['csv quoted multi-line field over the record cap', createCsvParser, `id;coupon\n1;"x\n${'a'.repeat(5 * MIB)}"\n`],
    ['csv unquoted field over the record cap after a quoted one', createCsvParser, `id;coupon;date\n"1\n";${'a'.repeat(5 * MIB)};x\n`],
    ['csv row of small fields over the record cap', createCsvParser, `id;coupon\n"1";${'a;'.repeat(2 * MIB + 1)}\n`],
  ];
  it.each(cases)('%s', (_, factory, text) => {
    const whole = parseChunks(factory, [text]);
    expect('error' in whole && whole.error.code).toBe('token-too-large');
    const chunked = (size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
    for (const size of [65_536, 1_000_003, 3 * MIB]) expect(parseChunks(factory, chunked(size))).toEqual(whole);
  });
});
