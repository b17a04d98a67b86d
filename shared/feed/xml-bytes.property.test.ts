/**
 * The byte path (createFeedByteInput -> xml-bytes.ts) against the text path (decode.ts ->
 * xml-parser.ts), which stays the reference: for any bytes and any chunking, the same orders, or
 * the same error code, message, line and detail. Splits fall anywhere, inside a multi-byte UTF-8
 * character included, and one byte at a time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFeedByteInput } from './byte-input';
import { createFeedChecker } from './checker';
import { createFeedDecoder } from './decode';
import { FEED_LIMITS } from './parse/common';
import { parseChunks, type ParseOutcome } from './parse/outcome';
import { withDetail } from './testing/error-detail';
import { FeedParseError, type FeedKind, type RawOrder } from './types';
import { createXmlParser } from './xml-parser';
import { cleanRecords, feedText, xmlChunks } from './testing/generate';

const encoder = new TextEncoder();
const utf8 = (text: string) => encoder.encode(text);

/** The reference: bytes decoded as the callers did before (decode.ts), then the text parser. */
function viaText(bytes: Uint8Array, kind: FeedKind = 'order'): ParseOutcome {
  let texts: string[];
  try {
    const decoder = createFeedDecoder('xml');
    texts = [decoder.decode(bytes), decoder.end()];
  } catch (error) {
    if (!(error instanceof FeedParseError)) throw error;
    return { error: { code: error.code, message: error.message, line: error.line, detail: error.detail } };
  }
  return parseChunks(createXmlParser, texts, kind);
}

function viaBytes(chunks: readonly Uint8Array[], kind: FeedKind = 'order'): ParseOutcome & { path?: string } {
  const orders: RawOrder[] = [];
  const input = createFeedByteInput('xml', (order) => orders.push(order), { kind });
  try {
    for (const chunk of chunks) input.push(chunk);
    input.end();
    return { orders };
  } catch (error) {
    if (!(error instanceof FeedParseError)) throw error;
    return { error: { code: error.code, message: error.message, line: error.line, detail: error.detail } };
  }
}

const splitBytes = (bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] => {
  const sorted = [...cuts].map((c) => Math.max(0, Math.min(bytes.length, c))).sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const cut of sorted) {
    out.push(bytes.slice(from, cut));
    from = cut;
  }
  out.push(bytes.slice(from));
  return out;
};
const oneByteAtATime = (bytes: Uint8Array) => Array.from(bytes, (b) => Uint8Array.of(b));

/** Plain orders past the sniffed kilobyte, with two-, three- and four-byte characters. */
const PLAIN = Array.from(
  { length: 12 },
  (_, i) =>
    `  <order><id>Я-${2000 + i}</id><date>2026-11-${10 + i} 08:00:00</date><state>wait</state><price>${i}.5</price>\n    <products><product><id>S${i}</id><category>café ${'ж'.repeat(i)} 😀</category><price>1</price><quantity>${i}</quantity></product></products>\n  </order>`,
).join('\n');

const VALID = `<?xml version="1.0" encoding="UTF-8"?>
<!-- экспорт -->
<orders>
${PLAIN}
  <order>
    <id>1001</id><date>2026-11-20 10:15:00</date><state>done</state><price>120.50</price>\r
    <newclient>1</newclient><coupon><![CDATA[A&B ü]]></coupon><margin>&#49;&#x30;&#x1F600;</margin>
    <commission>1<!-- split é -->2</commission><lastorderdate>\u00a0&lt;x&gt;\u00a0</lastorderdate>
    <products>
      <product><id>P1</id><category>обувь &amp; boots</category><price>60.25</price><quantity>2</quantity></product>
      <product id="ключ"><id>P2</id><category/><price>1</price><quantity>1</quantity><размер>L</размер></product>
      текст
    </products>
  </order>
  <order note="a > b" other='c/>'><id>1002</id><state>cancel</state><?pi x?><naïve·x><id>no</id></naïve·x></order>
  <order/>
</orders>
<!-- tail ✓ -->
`;

/** Text and bytes that matter: markup, multi-byte characters, U+0080..U+00BF (C2 xx), invalid and cut sequences. */
const SIGNIFICANT: readonly (string | number[])[] = [
  ...'<>/!?[]-&#;"\'=: \r\n\tabcdxo0',
  'CDATA',
  'DOCTYPE',
  '&amp;',
  '</order>',
  '<order>',
  'é',
  'ж',
  '😀',
  '·',
  '\u00a0',
  '\u0085',
  '\uFEFF',
  '\u0001',
  [0xff],
  [0xc2],
  [0xe2, 0x82],
  [0xf0, 0x9f],
  [0x80],
  [0xef, 0xbb, 0xbf],
];
const piece = (p: string | number[]) => (typeof p === 'string' ? utf8(p) : Uint8Array.from(p));
const edit = fc.record({ at: fc.nat(), remove: fc.nat({ max: 4 }), insert: fc.constantFrom(...SIGNIFICANT, '') });

function mutate(bytes: Uint8Array, edits: { at: number; remove: number; insert: string | number[] }[]): Uint8Array {
  let out = bytes;
  for (const e of edits) {
    const at = e.at % (out.length + 1);
    const insert = piece(e.insert);
    const next = new Uint8Array(out.length + insert.length - Math.min(e.remove, out.length - at));
    next.set(out.subarray(0, at), 0);
    next.set(insert, at);
    next.set(out.subarray(Math.min(out.length, at + e.remove)), at + insert.length);
    out = next;
  }
  return out;
}

const PAD = utf8(`<!--${'-ы'.repeat(600)}-->`);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const anyBytes = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc.array(fc.constantFrom(...SIGNIFICANT), { maxLength: 80 }).map((parts) => concat(...parts.map(piece))),
);
const maybePadded = (arb: fc.Arbitrary<Uint8Array>) => fc.tuple(arb, fc.boolean()).map(([bytes, pad]) => (pad ? concat(PAD, bytes) : bytes));

describe('XML byte parser = decoder + text parser', { timeout: 120_000 }, () => {
  const valid = utf8(VALID);

  it('reads the sample through the byte parser, with the text path\'s orders', () => {
    expect(valid.length).toBeGreaterThan(2048);
    const orders: RawOrder[] = [];
    const input = createFeedByteInput('xml', (o) => orders.push(o), { kind: 'order' });
    input.push(valid);
    input.end();
    expect(input.path).toBe('bytes');
    expect(orders.length).toBe(15);
    expect({ orders }).toEqual(viaText(valid));
  });

  it('gives the text path\'s outcome at every single split point (inside multi-byte characters too), valid and broken', () => {
    const feeds = [
      valid,
      valid.slice(0, Math.floor(valid.length * 0.8)),
      mutate(valid, [{ at: valid.length - 300, remove: 1, insert: '<' }]),
      mutate(valid, [{ at: valid.length - 200, remove: 0, insert: '"' }]),
      mutate(valid, [{ at: valid.length - 100, remove: 0, insert: '&#0;' }]),
      mutate(valid, [{ at: valid.length - 400, remove: 0, insert: [0xe2, 0x82] }]),
      mutate(valid, [{ at: valid.length - 150, remove: 0, insert: '\u0002' }]),
      concat(utf8('\uFEFF\uFEFF'), valid),
    ];
    for (const feed of feeds) {
      const expected = viaText(feed);
      for (let at = 0; at <= feed.length; at++) expect(viaBytes(splitBytes(feed, [at]))).toEqual(expected);
    }
  });

  it('gives the text path\'s outcome on arbitrary bytes and random multi-splits of mutated feeds', () => {
    const input = fc.oneof(
      fc.array(edit, { maxLength: 5 }).map((edits) => mutate(valid, edits)),
      maybePadded(anyBytes),
      fc.nat().map((n) => valid.slice(0, n % (valid.length + 1))),
    );
    fc.assert(
      fc.property(input, fc.array(fc.nat(), { maxLength: 12 }), (bytes, cuts) => {
        expect(viaBytes(splitBytes(bytes, cuts.map((c) => c % (bytes.length + 1))))).toEqual(viaText(bytes));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the text path\'s outcome one byte at a time', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 4 }), (edits) => {
        const bytes = mutate(valid, edits);
        expect(viaBytes(oneByteAtATime(bytes))).toEqual(viaText(bytes));
      }),
      { numRuns: 60 },
    );
  });

  it('gives the text path\'s outcome on what its fast paths read or hand back: CDATA values, text of ignored elements, unknown names met again', () => {
    const feed = (body: string) => concat(PAD, utf8(`<orders>\r\n\t<order id="ЗК-1"><id>1</id><state>done</state>${body}</order>\r\n</orders>`));
    const cases: [body: string, outcome: string][] = [
      ['<coupon><![CDATA[ПРОМО & 1]]></coupon><products><product><category><![CDATA[ Сад\r\nогород ]]></category></product></products>', 'ok'],
      ['<coupon><![CDATA[a]]>b&amp;</coupon><margin>x<![CDATA[y]]></margin><ordersource><![CDATA[]]></ordersource>', 'ok'],
      ['<coupon><![CDATA[a]]><![CDATA[b]]></coupon><leadsource> <![CDATA[c]]></leadsource>', 'ok'],
      ['<coupon><![CDATA[a\u0001]]></coupon>', 'malformed'],
      ['<coupon><![CDATA[a]]></coupons>', 'malformed'],
      ['<coupon><![CDATA[a]]]></coupon>', 'ok'],
      ['<coupon><![CDATA[a]></coupon>', 'truncated'],
      ['<g:channel>канал &amp; &#1078;</g:channel><g:note/><g:channel><![CDATA[&bogus;]]></g:channel>', 'ok'],
      ['<g:channel>канал &bogus; x</g:channel>', 'malformed'],
      ['<g:channel>канал &amp x</g:channel>', 'malformed'],
      ['<g:channel>кан\u0002ал</g:channel>', 'malformed'],
      ['<g:a/><g:b>1</g:b><g:c>2</g:c><g:d>3</g:d><g:e>4</g:e><g:a>5</g:a><g:b>6</g:b><ключ>7</ключ><ключ>8</ключ>', 'ok'],
      ['<g:a>1</g:a><g:b>2</g:b><g:a>3</g:b>', 'malformed'],
      ['<ключ>1</ключ><ключ>2</клюя>', 'malformed'],
      ['<g:a>1</g:a><g:b>2</g:b><g:c>3</g:c><g:d>4</g:d><g:e>5</g:e><g:a>6</g:e>', 'malformed'],
    ];
    for (const [body, outcome] of cases) {
      const bytes = feed(body);
      const expected = viaText(bytes);
      expect('error' in expected ? expected.error.code : 'ok', body).toBe(outcome);
      for (let at = PAD.length; at <= bytes.length; at++) expect(viaBytes(splitBytes(bytes, [at])), `${body} cut at ${at}`).toEqual(expected);
    }
  });

  it('gives the text path\'s outcome on values deferred in a buffer after one of other characters than ASCII, made once per buffer', () => {
    // PAD (Cyrillic) fills the first buffer; a cut after it makes the rest a lazy buffer, whose
    // fast-path values are deferred and settled before a value of the same field, near the order's budget, or at the buffer's end.
    const feed = (body: string | Uint8Array, tail = '') => concat(PAD, utf8('<orders>\r\n\t<order id="ЗК-1">'), typeof body === 'string' ? utf8(body) : body, utf8(`</order>${tail}\r\n</orders>`));
    const product = (id: string, category: string) => `<product><id>${id}</id><category>${category}</category><price>1.5</price><quantity>2</quantity></product>`;
    const cases: [body: string | Uint8Array, outcome: string][] = [
      [`<id>ЗК-1</id><state>done</state><ordersource>сайт</ordersource><coupon><![CDATA[ПРОМО 1]]></coupon><products>${product('П1', 'Сад')}${product('П2', '<![CDATA[Сумки 🎁]]>')}</products>`, 'ok'],
      // The first of a repeated field wins, deferred or not, and whichever path reads the next one.
      ['<id>ЗК-1</id><id> ЗК-2</id><state> done</state><state>wait</state><coupon></coupon><coupon>Ж</coupon><margin>Ж<!---->1</margin><margin>2</margin>', 'ok'],
      ['<price> 1.5</price><price>2</price><commission>3 </commission><commission>4</commission><coupon><![CDATA[ x ]]></coupon><coupon>y</coupon><leadsource>a\r\nb</leadsource><leadsource>c</leadsource>', 'ok'],
      ['<id> Я </id><date>&#50;026</date><state>a&amp;b</state><coupon>😀</coupon><margin></margin>', 'ok'],
      [concat(utf8('<id>a'), Uint8Array.of(0xe2, 0x82), utf8('</id><state>'), Uint8Array.of(0x80, 0xd0), utf8('</state><coupon><![CDATA['), Uint8Array.of(0xf0, 0x9f), utf8(']]></coupon>')), 'ok'],
      [`<id>Я</id><products>${product('П1', 'к')}<product><id>П2</id><category>к\u0001</category></product></products>`, 'malformed'],
      ['<id>Я</id><state>done</stat>', 'malformed'],
    ];
    for (const [body, outcome] of cases) {
      const bytes = feed(body, '<order><id>Б</id></order>');
      const expected = viaText(bytes);
      expect('error' in expected ? expected.error.code : 'ok', String(body)).toBe(outcome);
      for (let at = PAD.length; at <= bytes.length; at++) expect(viaBytes(splitBytes(bytes, [at])), `${String(body)} cut at ${at}`).toEqual(expected);
      expect(viaBytes(splitBytes(bytes, [PAD.length + 1, PAD.length + 40, bytes.length - 30]))).toEqual(expected);
    }
  });

  it('hands over every order finished before an error, before the error, on a buffer whose values are made once at its end', () => {
    // What a caller sees, in order: each order handed over, then the error or the end. On a lazy
    // buffer (after PAD's Cyrillic) the byte path holds finished orders until the buffer's values
    // are decoded; an error found later in that buffer must still come after them, with its line.
    const seen = (parse: (onOrder: (order: RawOrder) => void) => void): unknown[] => {
      const events: unknown[] = [];
      try {
        parse((order) => events.push(order));
        events.push('end');
      } catch (error) {
        if (!(error instanceof FeedParseError)) throw error;
        events.push({ code: error.code, message: error.message, line: error.line });
      }
      return events;
    };
    const textSeen = (bytes: Uint8Array) =>
      seen((onOrder) => {
        const decoder = createFeedDecoder('xml');
        const parser = createXmlParser(onOrder, { kind: 'order' });
        parser.push(decoder.decode(bytes));
        parser.push(decoder.end());
        parser.end();
      });
    const bytesSeen = (chunks: readonly Uint8Array[]) =>
      seen((onOrder) => {
        const input = createFeedByteInput('xml', onOrder, { kind: 'order' });
        for (const chunk of chunks) input.push(chunk);
        input.end();
      });
    const order = (n: number) =>
      `\r\n\t<order id="ЗК-${n}"><id>ЗК-${n}</id><state>done</state><price>${n}.5</price><coupon><![CDATA[ПРОМО${n}]]></coupon>\r\n\t\t<products><product><id>П${n}</id><category>Сад</category><quantity>${n}</quantity></product></products></order>`;
    const orders = [1, 2, 3, 4].map(order).join('');
    const breaks = [
      '<order><id>Я</id><state>done</stat></order></orders>',
      '<order><id>Я</id><coupon>к\u0001</coupon></order></orders>',
      '<order><id>Я</id></order></orders><order/>',
      '<order><id>Я</id><products><product><id>1</id></product></products>',
      '<order><id>Я</id><!DOCTYPE x></order></orders>',
    ];
    for (const broken of breaks) {
      const bytes = concat(PAD, utf8(`<orders>${orders}\r\n${broken}`));
      const expected = textSeen(bytes);
      expect(expected.length, broken).toBeGreaterThanOrEqual(5);
      expect(expected.at(-1), broken).toHaveProperty('code');
      expect(bytesSeen([bytes]), broken).toEqual(expected);
      for (let at = PAD.length; at <= bytes.length; at++) expect(bytesSeen(splitBytes(bytes, [at])), `${broken} cut at ${at}`).toEqual(expected);
    }
    // An exception of onOrder itself comes first, as the text path throws it at that order's end.
    const bytes = concat(PAD, utf8(`<orders>${orders}\r\n${breaks[0]}`));
    const stopAtThird = (run: (onOrder: (order: RawOrder) => void) => void) => {
      const ids: unknown[] = [];
      expect(() => run((o) => {
        if (ids.length === 2) throw new Error('stop');
        ids.push(o.fields.id);
      })).toThrow('stop');
      return ids;
    };
    const decoded = createFeedDecoder('xml').decode(bytes);
    expect(stopAtThird((onOrder) => createXmlParser(onOrder, { kind: 'order' }).push(decoded))).toEqual(['ЗК-1', 'ЗК-2']);
    expect(stopAtThird((onOrder) => createFeedByteInput('xml', onOrder, { kind: 'order' }).push(bytes))).toEqual(['ЗК-1', 'ЗК-2']);
  });

  it('reads lead feeds the same way', () => {
    const lead = utf8(`<leads>${'<lead><id>Л1</id><leadsource>сайт</leadsource></lead>\n'.repeat(40)}</leads>`);
    expect(viaBytes(splitBytes(lead, [1, 500, 501]), 'lead')).toEqual(viaText(lead, 'lead'));
  });

  it('sends other encodings through the decoder and the text parser', () => {
    const cp1251 = Uint8Array.from([...utf8('<?xml version="1.0" encoding="windows-1251"?><orders><order><id>'), 0xcf, 0xf0, 0xe8, ...utf8('</id></order></orders>')]);
    const orders: RawOrder[] = [];
    const input = createFeedByteInput('xml', (o) => orders.push(o), { kind: 'order' });
    for (const chunk of oneByteAtATime(cp1251)) input.push(chunk);
    input.end();
    expect(input.path).toBe('text');
    expect(orders[0]?.fields.id).toBe('При');
    expect(viaBytes([utf8('<?xml version="1.0" encoding="bogus"?><orders/>')])).toEqual(viaText(utf8('<?xml version="1.0" encoding="bogus"?><orders/>')));
    const utf16 = Uint8Array.from([0xff, 0xfe, ...Array.from('<orders><order><id>1</id></order></orders>', (c) => [c.charCodeAt(0), 0]).flat()]);
    expect(viaBytes(splitBytes(utf16, [1, 3]))).toEqual(viaText(utf16));
  });

  it('the checker gives the same result from pushBytes as from decoded text, and takes one or the other', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const records = [...cleanRecords({ now, orders: 300 })];
    records[3]!.fields.price = 'x';
    records[7]!.fields.id = records[6]!.fields.id;
    const bytes = utf8(feedText(xmlChunks(records)));
    const viaTextChecker = createFeedChecker({ format: 'xml', product: '360', now });
    const decoder = createFeedDecoder('xml');
    viaTextChecker.push(decoder.decode(bytes));
    viaTextChecker.push(decoder.end());
    const viaBytesChecker = createFeedChecker({ format: 'xml', product: '360', now });
    for (const chunk of splitBytes(bytes, [1000, 5000, 5001])) viaBytesChecker.pushBytes(chunk);
    const result = viaBytesChecker.end();
    expect(Object.keys(result.errors)).toEqual(expect.arrayContaining(['invalidPrice', 'duplicatedIds']));
    expect(result).toEqual(viaTextChecker.end());
    const mixed = createFeedChecker({ format: 'xml', product: '360', now });
    mixed.pushBytes(utf8('<orders>'));
    expect(() => mixed.push('</orders>')).toThrow(/one checker takes text or bytes/);
  });

  it('sends CSV through the decoder and the CSV parser, from the first chunk', () => {
    const csv = utf8('id;state;product_id\nЯ1;done;P1\nЯ1;done;P2\n2;wait;\n');
    const orders: RawOrder[] = [];
    const input = createFeedByteInput('csv', (o) => orders.push(o), { kind: 'order' });
    for (const chunk of splitBytes(csv, [3, 14])) input.push(chunk);
    input.end();
    expect(input.path).toBe('text');
    expect(orders.map((o) => [o.fields.id, o.products?.length])).toEqual([['Я1', 2], ['2', 0]]);
  });

  it('does not keep the caller\'s buffer', () => {
    const buffer = new Uint8Array(7);
    const orders: RawOrder[] = [];
    const input = createFeedByteInput('xml', (o) => orders.push(o), { kind: 'order' });
    for (let at = 0; at < valid.length; at += buffer.length) {
      const part = valid.subarray(at, at + buffer.length);
      buffer.fill(0x78);
      buffer.set(part);
      input.push(buffer.subarray(0, part.length));
    }
    input.end();
    expect({ orders }).toEqual(viaText(valid));
  });
});

describe('XML byte parser: limits, measured in characters as the text path does', { timeout: 120_000 }, () => {
  const MIB = 1024 * 1024;
  const cases: [string, string][] = [
    ['text over the cap', `<orders><order><id>${'a'.repeat(MIB + 5)}</id></order></orders>`],
    ['tag over the cap', `<orders><order a="${'a'.repeat(MIB + 5)}"/></orders>`],
    ['value in pieces over the cap', `<orders><order><id>${'a'.repeat(MIB / 2)}<!---->${'b'.repeat(MIB / 2 + 1)}</id></order></orders>`],
    // Two-byte letters: 1.2 MB of bytes but 600,000 characters, under the cap: read.
    ['two-byte value under the cap in characters', `<orders><order><id>${'я'.repeat(600_000)}</id></order></orders>`],
    ['two-byte value over the cap', `<orders><order><id>${'я'.repeat(MIB + 1)}</id></order></orders>`],
    ['three-byte tag at the cap', `<orders><order a="${'€'.repeat(FEED_LIMITS.maxToken - 12)}"/></orders>`],
    ['three-byte tag one past the cap', `<orders><order a="${'€'.repeat(FEED_LIMITS.maxToken - 11)}"/></orders>`],
    ['four-byte comment over the cap in UTF-16 units', `<orders><!--${'😀'.repeat(MIB / 2 + 1)}--></orders>`],
    ['depth', `<orders>${'<x>'.repeat(40)}`],
    // An order's values over its budget in Cyrillic (deferred values, see xml-bytes.ts's `lazy`): at
    // the budget (then the broken tag after it is the error), and one character past it (the budget
    // is, at the value that passes it: judged when that value is read, not when the order is settled).
    ...[0, 1].map((past): [string, string] => {
      const value = 'я'.repeat(4096);
      const head = '<id>Б</id><state>done</state>';
      const full = Math.floor((FEED_LIMITS.maxOrderChars - 'Бdone'.length) / value.length);
      const rest = FEED_LIMITS.maxOrderChars - 'Бdone'.length - full * value.length + past;
      return [`order values ${past ? 'one past' : 'at'} the budget, Cyrillic`, `<orders><!--${'ы'.repeat(70_000)}--><order>${head}\n${`<margin>${value}</margin>\n`.repeat(full)}<coupon>${'ж'.repeat(rest)}</coupon>\n<g:x>1</g:y></order></orders>`];
    }),
  ];
  it.each(cases)('%s', (_, text) => {
    const bytes = utf8(text);
    const expected = viaText(bytes);
    const chunked = (size: number) => Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.slice(i * size, (i + 1) * size));
    for (const size of [65_536, 1_000_003, 3 * MIB]) expect(viaBytes(chunked(size))).toEqual(expected);
  });
});

describe('XML byte parser: attacks', { timeout: 60_000 }, () => {
  const MIB = 1024 * 1024;
  /** Pushes byte chunks until refused; returns the error code and the bytes pushed. */
  function pushUntilRefused(chunks: Iterable<Uint8Array>) {
    const started = performance.now();
    const input = createFeedByteInput('xml', () => undefined, { kind: 'order' });
    let pushed = 0;
    try {
      for (const chunk of chunks) {
        pushed += chunk.length;
        input.push(chunk);
      }
      input.end();
    } catch (error) {
      if (!(error instanceof FeedParseError)) throw error;
      return { code: withDetail(error).code, pushed, ms: performance.now() - started };
    }
    return { code: undefined, pushed, ms: performance.now() - started };
  }
  function* lazy(head: string, body: Uint8Array, times: number): Generator<Uint8Array> {
    yield utf8(head);
    for (let i = 0; i < times; i++) yield body;
  }

  it('refuses DOCTYPE (billion laughs, external entities) before anything is expanded', () => {
    expect(pushUntilRefused([utf8('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><orders><order><id>&lol;</id></order></orders>')]).code).toBe('doctype');
    expect(pushUntilRefused([utf8('<!DOCTYPE orders SYSTEM "http://example.test/x.dtd"><orders/>')]).code).toBe('doctype');
  });

  it('refuses 200,000 levels of nesting past the depth cap', () => {
    expect(pushUntilRefused([utf8(`<orders>${'<a>'.repeat(200_000)}`)]).code).toBe('too-deep');
  });

  it('refuses a 50 MB line of text, ASCII or Cyrillic, near the cap instead of buffering it', () => {
    const ascii = pushUntilRefused(lazy('<orders><order><id>', utf8('a'.repeat(MIB)), 50));
    expect(ascii).toMatchObject({ code: 'token-too-large' });
    expect(ascii.pushed).toBeLessThanOrEqual(FEED_LIMITS.maxToken + 2 * MIB);
    // Two bytes a character: the cap (in characters) is reached after twice the bytes.
    const cyrillic = pushUntilRefused(lazy('<orders><order><id>', utf8('ж'.repeat(MIB / 2)), 50));
    expect(cyrillic).toMatchObject({ code: 'token-too-large' });
    expect(cyrillic.pushed).toBeLessThanOrEqual(2 * FEED_LIMITS.maxToken + 2 * MIB);
    expect(ascii.ms + cyrillic.ms).toBeLessThan(20_000);
  });

  it('refuses a 50 MB tag near the cap', () => {
    const result = pushUntilRefused(lazy('<orders><order', utf8(' a="b"'.repeat(MIB / 6)), 50));
    expect(result.code).toBe('token-too-large');
    expect(result.pushed).toBeLessThanOrEqual(FEED_LIMITS.maxToken + 2 * MIB);
  });

  it('refuses binary files and empty ones', () => {
    let seed = 42;
    const random = Uint8Array.from({ length: 4096 }, () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff);
    expect(pushUntilRefused([Uint8Array.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3]), random]).code).toBe('binary');
    expect(pushUntilRefused([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])]).code).toBe('binary');
    expect(pushUntilRefused([]).code).toBe('empty');
    expect(pushUntilRefused([utf8('\uFEFF  \n\u00a0 ')]).code).toBe('empty');
  });

  it('leaves __proto__ and constructor elements harmless', () => {
    const result = viaBytes([utf8('<orders><order><__proto__><polluted>1</polluted></__proto__><constructor>x</constructor><id>1</id></order></orders>')]);
    expect('orders' in result && result.orders[0]?.fields).toEqual({ id: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
