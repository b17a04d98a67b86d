import { describe, expect, it } from 'vitest';
import { createFeedChecker } from 'shared/feed/checker';
import { CORPUS_VARIANTS, corpusFeed } from 'shared/feed/testing/realistic';
import { createXmlParser } from 'shared/feed/xml-parser';
import type { RawOrder } from 'shared/feed/types';
import { dateRangeDays, failureMessageId, feedTypeOf, fileSizeUnit, hasCritical, monthlySeries, sampleFeed, stateSeries, typeAfterUrlInput } from './feed-model';
import { en } from './messages/en';
import { validateFeedForm } from './feed-form';
import { previewFeed, type PreviewMessage } from './feed-preview';

describe('feed page rules', () => {
  it('shows a sample the engine reads as one record: margin and coupon in the order sample (spec), no basket for leads', () => {
    const read = (kind: 'order' | 'lead') => {
      const orders: RawOrder[] = [];
      const parser = createXmlParser((order) => orders.push(order), { kind });
      parser.push(sampleFeed(kind));
      parser.end();
      return orders;
    };
    const [order, ...more] = read('order');
    expect(more).toEqual([]);
    expect(order?.fields).toMatchObject({ id: 'A1001', ordersource: 'web', margin: '38.97', coupon: 'AUTUMN10' });
    expect(order?.products).toHaveLength(1);
    const [lead] = read('lead');
    expect(lead?.fields).toMatchObject({ id: 'A1001', leadsource: 'web' });
    expect(lead?.products ?? []).toEqual([]);
  });
  it('shows KB below 7 digits of bytes, MB from 7', () => {
    expect(fileSizeUnit(999_999)).toEqual({ value: 999_999 / 1024, unit: 'kilobyte' });
    expect(fileSizeUnit(1_000_000)).toEqual({ value: 1_000_000 / 1024 / 1024, unit: 'megabyte' });
    expect(fileSizeUnit(0).unit).toBe('kilobyte');
  });

  it('words a refused SFTP host key with its own text, and unknown codes generically', () => {
    expect(failureMessageId('host-key')).toBe('orderFeed.failure.host-key');
    expect(en['orderFeed.failure.host-key']).toMatch(/different key/);
    expect(failureMessageId('no-such-code')).toBe('orderFeed.failure.other');
  });

  it('counts the date range in days, both ends included', () => {
    expect(dateRangeDays({ from: '2026-11-21 08:00:00', to: '2026-11-21 23:00:00' })).toBe(1);
    expect(dateRangeDays({ from: '2026-10-31 23:00:00', to: '2026-11-01 00:10:00' })).toBe(2);
    expect(dateRangeDays({ from: null, to: '2026-11-01 00:10:00' })).toBeNull();
  });

  it('orders months and states for the charts', () => {
    const stats = { numOrders: { total: 0, fromNewCustomers: 0, fromCallCenter: 0 }, dateRange: { from: null, to: null }, monthlyStats: { '2026-11': 2, '2026-09': 1 }, stateStats: { cancel: 1, done: 3, new: 2 } };
    expect(monthlySeries(stats).map((m) => m.month)).toEqual(['2026-09', '2026-11']);
    expect(stateSeries(stats).map((s) => s.state)).toEqual(['new', 'done', 'cancel']);
  });

  it('knows critical warnings', () => {
    const empty = { numOrders: { total: 0, fromNewCustomers: 0, fromCallCenter: 0 }, dateRange: { from: null, to: null }, monthlyStats: {}, stateStats: {} };
    expect(hasCritical({ errors: { noOrdersCancel: [] }, counts: { noOrdersCancel: 1 }, stats: empty })).toBe(false);
    expect(hasCritical({ errors: { missingId: [] }, counts: { missingId: 1 }, stats: empty })).toBe(true);
  });

  it('validates the form with the shared request schema', () => {
    const file = new File(['<orders/>'], 'a.xml');
    expect(validateFeedForm({ view_id: '', feed_url: 'https://a.example/f.xml', type: 'xml' }, null)).toEqual({});
    expect(validateFeedForm({ view_id: '12x', feed_url: 'not a url', type: 'xml' }, null)).toEqual({
      view_id: 'validation.analytics.viewIdNumeric',
      feed_url: 'validation.company.url',
    });
    // A chosen file stands for the upload: the (cleared) URL is not judged.
    expect(validateFeedForm({ view_id: '123456', feed_url: 'not a url', type: 'csv' }, file)).toEqual({});
  });
});

describe('the browser preview (worker core)', () => {
  // What a File gives the worker: its size and its bytes as a stream (jsdom's Blob has no stream()).
  const blob = (text: string) => {
    const bytes = new TextEncoder().encode(text);
    return { size: bytes.byteLength, stream: () => new Response(bytes).body! };
  };
  const order = (id: string, price: string) =>
    `<order><id>${id}</id><date>2026-11-20 10:00:00</date><state>done</state><price>${price}</price><newclient>1</newclient><products><product><id>p</id><category>c</category><price>1</price><quantity>1</quantity></product></products></order>\n`;

  it('sends the first findings early, then the whole result, through the decoder and the engine', async () => {
    const body = `<?xml version="1.0" encoding="windows-1252"?>\n<orders>\n${Array.from({ length: 1200 }, (_, i) => order(`A${i}`, i === 3 ? '' : '10.50')).join('')}</orders>\n`;
    const messages: PreviewMessage[] = [];
    await previewFeed({ file: blob(body), format: 'xml', product: '360', now: '2026-11-24T00:00:00Z' }, (m) => messages.push(m));
    const first = messages.find((m) => m.type === 'first');
    const done = messages.find((m) => m.type === 'done');
    expect(first && first.type === 'first' && first.result.errors.missingPrice?.[0]).toMatchObject({ orderId: 'A3', line: 6 });
    // Feed-level findings wait for the whole file.
    expect(first && first.type === 'first' && first.result.errors.noOrdersCancel).toBeUndefined();
    expect(done && done.type === 'done' && done.orders).toBe(1200);
    expect(done && done.type === 'done' && done.result.errors.noOrdersCancel).toBeDefined();
    expect(messages.indexOf(first!)).toBeLessThan(messages.indexOf(done!));
  });

  it('reads a file whose stream reuses one buffer as the engine reads it whole (issue 32)', async () => {
    // The merchant's export (all quoted, CRLF, Cyrillic), handed over in views of ONE buffer
    // that is overwritten as soon as the worker asks for more: nothing may be kept from it.
    const bytes = corpusFeed(CORPUS_VARIANTS['csv-quoted-cyrillic'], { orders: 1500, now: new Date('2026-11-24T00:00:00Z') });
    const buffer = new Uint8Array(10_000);
    // Some views end inside a Cyrillic letter (the next one starts with a continuation byte).
    expect(Array.from({ length: Math.floor(bytes.length / buffer.length) }, (_, i) => bytes[(i + 1) * buffer.length]! & 0xc0).filter((b) => b === 0x80).length).toBeGreaterThan(3);
    let at = 0;
    const stream = () =>
      new ReadableStream<Uint8Array<ArrayBuffer>>(
        {
          pull(controller) {
            if (at >= bytes.length) return controller.close();
            const n = Math.min(buffer.length, bytes.length - at);
            buffer.fill(0xd0);
            buffer.set(bytes.subarray(at, at + n));
            at += n;
            controller.enqueue(buffer.subarray(0, n));
          },
        },
        { highWaterMark: 0 },
      );
    const messages: PreviewMessage[] = [];
    await previewFeed({ file: { size: bytes.length, stream }, format: 'csv', product: '360', now: '2026-11-24T00:00:00Z' }, (m) => messages.push(m));
    const whole = createFeedChecker({ format: 'csv', product: '360', now: new Date('2026-11-24T00:00:00Z') });
    whole.pushBytes(bytes);
    expect(messages.at(-1)).toEqual({ type: 'done', result: whole.end(), orders: 1500, bytes: bytes.length });
  });

  it('reports an unreadable file as a failure with its line', async () => {
    const messages: PreviewMessage[] = [];
    await previewFeed({ file: blob('<orders><order><id>1</id></orders>'), format: 'xml', product: '360', now: '2026-11-24T00:00:00Z' }, (m) => messages.push(m));
    expect(messages.at(-1)).toMatchObject({
      type: 'failed',
      code: 'malformed',
      line: 1,
      message: 'line 1: found </orders> where </order> was expected',
      detail: { key: 'mismatchedClosingTag', values: { found: 'orders', expected: 'order' } },
    });
  });
});

describe('the feed type follows the extension', () => {
  it.each([
    ['https://shop.example/feed.csv', 'csv'],
    ['https://shop.example/FEED.XML?token=1', 'xml'],
    ['https://shop.example/export.csv#top', 'csv'],
    ['orders.csv', 'csv'],
    ['https://shop.example/feed?format=csv', null],
    ['https://shop.example/feed.csv.php', null],
    ['', null],
  ] as const)('%s -> %s', (value, type) => {
    expect(feedTypeOf(value)).toBe(type);
  });
  it('a new URL never inherits the previous check’s type; a type chosen by hand stays while the URL names none', () => {
    expect(typeAfterUrlInput('https://shop.example/feed.xml', 'csv', false)).toBe('xml');
    expect(typeAfterUrlInput('https://shop.example/feed', 'csv', false)).toBe('xml');
    expect(typeAfterUrlInput('https://shop.example/feed', 'csv', true)).toBe('csv');
    expect(typeAfterUrlInput('https://shop.example/feed.xml', 'csv', true)).toBe('xml');
  });
});
