import { describe, expect, it } from 'vitest';
import { checkFeed, createFeedChecker } from './checker';
import { cleanRecords, csvChunks, feedText, toRawOrders, xmlChunks, type FeedRecord } from './testing/generate';
import { FeedParseError, type FeedFormat, type FeedKind, type FeedProduct } from './types';

const NOW = new Date('2026-11-21T10:00:00Z');
const writers = { xml: xmlChunks, csv: csvChunks } satisfies Record<FeedFormat, unknown>;
const records = (kind: FeedKind = 'order', orders = 300) => [...cleanRecords({ now: NOW, seed: 7, orders, days: 30, kind })];

describe('a realistic clean feed (300 orders over the last 30 days) raises nothing', () => {
  for (const format of ['xml', 'csv'] as const) {
    for (const [product, kind] of [['360', 'order'], ['lead', 'lead']] as [FeedProduct, FeedKind][]) {
      it(`${format}, ${kind} feed`, async () => {
        const feed = records(kind);
        const result = await checkFeed(writers[format](feed, kind), { format, product, now: NOW });
        expect(result.errors).toEqual({});
        expect(result.counts).toEqual({});
        expect(result.stats.numOrders.total).toBe(300);
        expect(Object.values(result.stats.stateStats).reduce((a, b) => a + b, 0)).toBe(300);
        expect(Object.keys(result.stats.monthlyStats).length).toBeGreaterThanOrEqual(2);
      });
    }
  }

  it('the generator is deterministic and its feed exercises what the rules look at', () => {
    expect(records()).toEqual(records());
    const states = new Set(records().map((r) => r.fields.state));
    expect([...states].sort()).toEqual(['cancel', 'done', 'new', 'partial_return', 'refuse', 'return', 'wait']);
    expect(records().some((r) => r.fields.newclient === '0' && r.fields.lastorderdate)).toBe(true);
  });
});

describe('the parsers are wired in', () => {
  it('XML and CSV of the same records give the same result, whatever the chunk size', async () => {
    const feed = records('order', 60);
    const spoiled: FeedRecord[] = feed.map((r, i) => (i % 10 === 0 ? { ...r, fields: { ...r.fields, price: 'abc' } } : r));
    const whole = await checkFeed(xmlChunks(spoiled), { format: 'xml', product: '360', now: NOW });
    expect(whole.counts.invalidPrice).toBe(6);
    const text = feedText(xmlChunks(spoiled));
    const checker = createFeedChecker({ format: 'xml', product: '360', now: NOW });
    for (let i = 0; i < text.length; i += 7) checker.push(text.slice(i, i + 7));
    expect(checker.end()).toEqual(whole);
    const csv = await checkFeed(csvChunks(spoiled), { format: 'csv', product: '360', now: NOW });
    expect(csv.counts).toEqual(whole.counts);
    expect(csv.stats).toEqual(whole.stats);
  });

  it('counts the orders created on the asked day (the daily re-check\'s volume figure), only when asked', async () => {
    const feed = records('order', 300);
    const day = '2026-11-20';
    const expected = feed.filter((r) => r.fields.date?.startsWith(day)).length;
    expect(expected).toBeGreaterThan(0);
    for (const format of ['xml', 'csv'] as const) {
      expect((await checkFeed(writers[format](feed, 'order'), { format, product: '360', now: NOW, countDay: day })).dayOrders).toEqual({ day, orders: expected });
    }
    expect((await checkFeed(xmlChunks(feed), { format: 'xml', product: '360', now: NOW, countDay: '2020-01-01' })).dayOrders).toEqual({ day: '2020-01-01', orders: 0 });
    expect(await checkFeed(xmlChunks(feed), { format: 'xml', product: '360', now: NOW })).not.toHaveProperty('dayOrders');
  });

  it('examples carry the line of the order in the feed text', async () => {
    const feed = records('order', 3);
    feed[1]!.fields.state = 'shipped';
    const lines = feedText(xmlChunks(feed)).split('\n');
    const result = await checkFeed([lines.join('\n')], { format: 'xml', product: '360', now: NOW });
    const line = result.errors.invalidState?.[0]?.line ?? 0;
    expect(lines[line - 1]?.trim()).toBe('<order>');
    expect(lines[line]?.trim()).toBe(`<id>${feed[1]!.fields.id}</id>`);
  });

  it('unreadable input is a FeedParseError, not a result', async () => {
    await expect(checkFeed(['<orders><order><id>1</id>'], { format: 'xml', product: '360', now: NOW })).rejects.toBeInstanceOf(FeedParseError);
  });

  it('the RawOrder view of generated records matches what the XML parser reads', async () => {
    const feed = records('order', 5);
    const seen: unknown[] = [];
    const { PARSERS } = await import('./checker');
    const parser = PARSERS.xml((o) => seen.push({ fields: o.fields, products: o.products?.map((p) => p.fields) ?? null }), { kind: 'order' });
    parser.push(feedText(xmlChunks(feed)));
    parser.end();
    expect(seen).toEqual(toRawOrders(feed).map((o) => ({ fields: o.fields, products: o.products?.map((p) => p.fields) ?? null })));
  });
});
