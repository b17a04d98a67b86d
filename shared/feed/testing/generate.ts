/**
 * Deterministic feed generators for tests: realistic clean feeds relative to a fixed `now`,
 * single orders to spoil one field at a time, and XML / CSV writers. Same seed, same feed.
 */
import type { FeedKind, OrderField, ProductField, RawOrder } from '../types';

export type Fields = Partial<Record<OrderField, string>>;
export type ProductFields = Partial<Record<ProductField, string>>;
/** One generated order: what a writer turns into XML or CSV and a test into a RawOrder. */
export interface FeedRecord {
  fields: Fields;
  /** null: no products element at all. */
  products: ProductFields[] | null;
}

/** mulberry32: small, fast, good enough for test data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** YYYY-MM-DD HH:MM:SS of a time (UTC wall clock, as the checker reads feed dates). */
export const feedDate = (time: number): string => {
  const d = new Date(time);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};
const DAY = 86_400_000;

export interface CleanFeedOptions {
  now: Date;
  seed?: number;
  orders?: number;
  /** Orders are spread over this many days before `now`. */
  days?: number;
  kind?: FeedKind;
}

/**
 * A feed that follows every rule: dates spread over the last `days` days, states that depend on
 * the order's age (old orders mostly done, some cancelled or refused), products that add up to
 * the price, commissions on every order, returning customers with an earlier lastorderdate.
 */
export function* cleanRecords({ now, seed = 1, orders = 300, days = 30, kind = 'order' }: CleanFeedOptions): Generator<FeedRecord> {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const start = now.getTime() - days * DAY;
  for (let i = 0; i < orders; i++) {
    // Evenly spread, with jitter, oldest first, never in the future.
    const time = Math.min(now.getTime() - 60_000, start + ((i + random()) / orders) * days * DAY);
    const ageDays = (now.getTime() - time) / DAY;
    const roll = random();
    const state =
      ageDays < 3
        ? roll < 0.5 ? 'new' : roll < 0.8 ? 'wait' : roll < 0.9 ? 'done' : 'cancel'
        : roll < 0.62 ? 'done' : roll < 0.74 ? 'cancel' : roll < 0.8 ? 'refuse' : roll < 0.84 ? 'return' : roll < 0.88 ? 'partial_return' : 'wait';
    const products: ProductFields[] = [];
    const count = 1 + Math.floor(random() * 3);
    let price = 0;
    for (let p = 0; p < count; p++) {
      const unit = Math.round((10 + random() * 190) * 100) / 100;
      const quantity = 1 + Math.floor(random() * 2);
      price += unit * quantity;
      products.push({ id: `SKU-${seed}-${i}-${p}`, category: pick(['shoes', 'bags', 'hats', 'coats']), price: unit.toFixed(2), quantity: String(quantity) });
    }
    const newClient = random() < 0.6;
    const fields: Fields = {
      id: `${kind === 'lead' ? 'L' : 'A'}${100000 + i}`,
      date: feedDate(time),
      state,
      price: price.toFixed(2),
      commission: String(Math.round(price * 0.1)),
      newclient: newClient ? '1' : '0',
      iscallcenter: random() < 0.1 ? '1' : '0',
      stateupdatedate: feedDate(Math.min(now.getTime() - 60_000, time + random() * 3 * DAY)).slice(0, 10),
      [kind === 'lead' ? 'leadsource' : 'ordersource']: pick(['web', 'app']),
    };
    if (!newClient) fields.lastorderdate = feedDate(time - (1 + Math.floor(random() * 300)) * DAY);
    yield { fields, products };
  }
}

/** A valid paid order, for rule tests: override or delete (value undefined) any field. */
export function order(fields: Fields & Partial<Record<OrderField, string | undefined>> = {}, products: ProductFields[] | null = [product()], line = 2): RawOrder {
  const base: Fields = { id: 'A1', date: '2026-11-10 12:00:00', state: 'done', price: '100.00', newclient: '1', iscallcenter: '0', ordersource: 'web' };
  const merged = { ...base, ...fields };
  for (const key of Object.keys(merged) as OrderField[]) if (merged[key] === undefined) delete merged[key];
  return { line, fields: merged, products: products && products.map((p, i) => ({ fields: p, line: line + 1 + i })) };
}
export const product = (fields: Partial<Record<ProductField, string | undefined>> = {}): ProductFields => {
  const merged: ProductFields = { id: 'P1', category: 'shoes', price: '100.00', quantity: '1', ...fields };
  for (const key of Object.keys(merged) as ProductField[]) if (merged[key] === undefined) delete merged[key];
  return merged;
};

/** RawOrders of generated records, with plausible line numbers. */
export function toRawOrders(records: Iterable<FeedRecord>): RawOrder[] {
  const out: RawOrder[] = [];
  let line = 2;
  for (const r of records) {
    out.push({ line, fields: { ...r.fields }, products: r.products && r.products.map((p, i) => ({ fields: { ...p }, line: line + 1 + i })) });
    line += 1 + (r.products?.length ?? 0);
  }
  return out;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** XML feed text, one chunk per order (so a million orders never sit in memory at once). */
export function* xmlChunks(records: Iterable<FeedRecord>, kind: FeedKind = 'order'): Generator<string> {
  const [root, item] = kind === 'lead' ? ['leads', 'lead'] : ['orders', 'order'];
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>\n`;
  for (const r of records) {
    let xml = `  <${item}>\n`;
    for (const [name, value] of Object.entries(r.fields)) xml += `    <${name}>${escapeXml(value)}</${name}>\n`;
    if (r.products) {
      xml += '    <products>\n';
      for (const p of r.products) {
        xml += '      <product>';
        for (const [name, value] of Object.entries(p)) xml += `<${name}>${escapeXml(value)}</${name}>`;
        xml += '</product>\n';
      }
      xml += '    </products>\n';
    }
    yield `${xml}  </${item}>\n`;
  }
  yield `</${root}>\n`;
}

/** CSV columns: the order fields, then one product per row (an order spans as many rows). */
export const CSV_ORDER_COLUMNS: readonly OrderField[] = ['id', 'date', 'state', 'price', 'commission', 'lastorderdate', 'newclient', 'iscallcenter', 'stateupdatedate'];
export const CSV_PRODUCT_COLUMNS = ['product_id', 'product_category', 'product_price', 'product_quantity'] as const;
const csvCell = (text: string) => (/[;"\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function* csvChunks(records: Iterable<FeedRecord>, kind: FeedKind = 'order'): Generator<string> {
  const orderColumns: OrderField[] = [...CSV_ORDER_COLUMNS, kind === 'lead' ? 'leadsource' : 'ordersource'];
  yield [...orderColumns, ...CSV_PRODUCT_COLUMNS].join(';') + '\n';
  for (const r of records) {
    const orderCells = orderColumns.map((c) => csvCell(r.fields[c] ?? ''));
    const rows = (r.products?.length ? r.products : [{}]).map((p: ProductFields) =>
      [...orderCells, csvCell(p.id ?? ''), csvCell(p.category ?? ''), csvCell(p.price ?? ''), csvCell(p.quantity ?? '')].join(';'),
    );
    yield rows.join('\n') + '\n';
  }
}

export const feedText = (chunks: Iterable<string>): string => [...chunks].join('');
