/**
 * Realistic order feeds for the bench, streamed to disk (an 800 MB feed is never held in memory).
 * Deterministic: the same size always gives the same file, so files are reused across runs.
 */
import { once } from 'node:events';
import { createWriteStream, existsSync, renameSync, statSync } from 'node:fs';
import { seededRandom as random } from '../../../shared/feed/testing/generate';
import { CORPUS_VARIANTS, corpusBytes, type CorpusVariant } from '../../../shared/feed/testing/realistic';

/** Bump when the generated content changes, so stale files are not reused. */
export const GENERATOR_VERSION = 1;

const STATES = ['done', 'done', 'done', 'done', 'wait', 'new', 'cancel', 'refuse', 'return', 'partial_return'] as const;
const CATEGORIES = ['shoes', 'dresses', 'electronics', 'garden &amp; outdoor', 'books', 'toys', 'beauty', 'sports'];
const SOURCES = ['web', 'mobile app', 'marketplace', 'phone'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const day = (t: number) => {
  const d = new Date(t);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const stamp = (t: number) => {
  const d = new Date(t);
  return `${day(t)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

interface Order {
  fields: [string, string][];
  products: { id: string; category: string; price: string; quantity: string }[];
}

function* orders(count: number): Generator<Order> {
  const rnd = random(20261121);
  const now = Date.UTC(2026, 10, 20);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  for (let i = 0; i < count; i++) {
    // Spread over 400 days, newest last, as an export usually is.
    const created = now - Math.floor((1 - i / count) * 400 * 86_400_000) + Math.floor(rnd() * 3_600_000);
    const state = pick(STATES);
    const newClient = rnd() < 0.6;
    const products = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => ({
      id: `SKU-${pad(Math.floor(rnd() * 1_000_000), 7)}`,
      category: pick(CATEGORIES),
      price: (5 + rnd() * 200).toFixed(2),
      quantity: String(1 + Math.floor(rnd() * 3)),
    }));
    const price = products.reduce((sum, p) => sum + Number(p.price) * Number(p.quantity), 0);
    const fields: [string, string][] = [
      ['id', `ORD-${pad(i + 1, 10)}`],
      ['date', stamp(created)],
      ['state', state],
      ['price', price.toFixed(2)],
      ['commission', String(Math.round(price * 0.08))],
    ];
    if (!newClient) fields.push(['lastorderdate', stamp(created - Math.floor(rnd() * 200 * 86_400_000))]);
    fields.push(
      ['newclient', newClient ? '1' : '0'],
      ['iscallcenter', rnd() < 0.1 ? '1' : '0'],
      ['stateupdatedate', day(created + Math.floor(rnd() * 5 * 86_400_000))],
      ['ordersource', pick(SOURCES)],
      ['margin', (price * 0.3).toFixed(2)],
    );
    if (rnd() < 0.15) fields.push(['coupon', `PROMO${Math.floor(rnd() * 100)}`]);
    yield { fields, products };
  }
}

function xmlOrder(order: Order): string {
  let s = '  <order>\n';
  for (const [name, value] of order.fields) s += `    <${name}>${value}</${name}>\n`;
  s += '    <products>\n';
  for (const p of order.products) {
    s += `      <product>\n        <id>${p.id}</id>\n        <category>${p.category}</category>\n        <price>${p.price}</price>\n        <quantity>${p.quantity}</quantity>\n      </product>\n`;
  }
  return `${s}    </products>\n  </order>\n`;
}

const CSV_COLUMNS = ['id', 'date', 'state', 'price', 'commission', 'lastorderdate', 'newclient', 'iscallcenter', 'stateupdatedate', 'ordersource', 'margin', 'coupon'];

function csvOrder(order: Order): string {
  const byName = new Map(order.fields);
  // Order fields repeated on each product row, as spreadsheet exports do; a category with
  // '&' decoded and quoted to exercise the quoted path now and then.
  const head = CSV_COLUMNS.map((c) => byName.get(c) ?? '').join(';');
  let s = '';
  for (const p of order.products) {
    const category = p.category.includes('&amp;') ? `"${p.category.replace('&amp;', '&')}"` : p.category;
    s += `${head};${p.id};${category};${p.price};${p.quantity}\n`;
  }
  return s;
}

/** Bump when the realistic corpus (shared/feed/testing/realistic.ts) writes different bytes. */
export const CORPUS_VERSION = 2;
/** The day the corpus's dates lead up to (fixed, so a file is the same whatever the day it is made). */
const CORPUS_NOW = new Date('2026-11-20T12:00:00Z');

/** A variant of the realistic corpus (its encoding and style), written unless already there; returns its path. */
export function ensureCorpusFeed(dir: string, variant: CorpusVariant, count: number, log: (line: string) => void): Promise<string> {
  const style = CORPUS_VARIANTS[variant];
  return writeOnce(`${dir}/${variant}-${count}-c${CORPUS_VERSION}.${style.format}`, corpusBytes(style, { orders: count, now: CORPUS_NOW, days: 400 }), log);
}

/** Writes the feed unless a file of this size and generator version exists; returns its path. */
export function ensureFeed(dir: string, format: 'xml' | 'csv', count: number, log: (line: string) => void): Promise<string> {
  return writeOnce(`${dir}/orders-${count}-v${GENERATOR_VERSION}.${format}`, benchText(format, count), log);
}

function* benchText(format: 'xml' | 'csv', count: number): Generator<string> {
  yield format === 'xml' ? '<?xml version="1.0" encoding="UTF-8"?>\n<orders>\n' : `${[...CSV_COLUMNS, 'product_id', 'product_category', 'product_price', 'product_quantity'].join(';')}\n`;
  for (const order of orders(count)) yield format === 'xml' ? xmlOrder(order) : csvOrder(order);
  if (format === 'xml') yield '</orders>\n';
}

/** Streams chunks to `file` (through a .partial file, so a stopped run leaves nothing reusable) unless it exists. */
async function writeOnce(file: string, chunks: Iterable<string | Uint8Array>, log: (line: string) => void): Promise<string> {
  if (existsSync(file)) return file;
  log(`generating ${file} ...`);
  const started = Date.now();
  const partial = `${file}.partial`;
  const out = createWriteStream(partial);
  let batch: Buffer[] = [];
  let size = 0;
  for (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    batch.push(bytes);
    size += bytes.length;
    if (size > 1 << 20) {
      if (!out.write(Buffer.concat(batch))) await once(out, 'drain');
      batch = [];
      size = 0;
    }
  }
  out.end(Buffer.concat(batch));
  await once(out, 'finish');
  renameSync(partial, file);
  log(`  ${(statSync(file).size / 1e6).toFixed(0)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return file;
}
