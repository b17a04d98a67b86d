/**
 * The floor of a string-free CSV check (a measuring prototype, not the engine): `node
 * csv-floor.mjs <file.csv>` prints one JSON line like child.ts. One pass over the decoded text, in
 * the same synchronous 64 KiB reads as feed-check: every row found, every cell located by its
 * offsets (a row that repeats its order's leading columns is matched in one comparison and only
 * its product columns are located), and the checks that cost the most read in place: the order
 * date, lastorderdate and stateupdatedate as dates, the price and the product prices and
 * quantities as numbers, the state among the seven, commission digits, the newclient flag, a
 * fingerprint of the id for duplicates, orders per month and per state. No string is made but the
 * order's id and its leading columns. Left out: examples, the rules that only compare what these
 * read, conflicts, quoted newlines (the bench feeds have none). It answers one question: how fast
 * could a redesign that hands the rules offsets instead of strings be (docs/feed-engine.md)?
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';

const QUOTE = 34;
const CR = 13;
const STATES = ['new', 'wait', 'cancel', 'refuse', 'return', 'partial_return', 'done'];
const COLUMNS = ['id', 'date', 'state', 'price', 'commission', 'lastorderdate', 'newclient', 'stateupdatedate', 'product_id', 'product_category', 'product_price', 'product_quantity'] as const;

const twoDigits = (s: string, i: number): number => {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a < 0 || a > 9 || b < 0 || b > 9 ? -1 : a * 10 + b;
};
/** Year * 12 + month of YYYY-MM-DD[ HH:MM:SS] at s[from, to), or -1 when it is not one. */
function monthOf(s: string, from: number, to: number): number {
  const n = to - from;
  if (n !== 10 && n !== 19) return -1;
  if (s.charCodeAt(from + 4) !== 45 || s.charCodeAt(from + 7) !== 45) return -1;
  const y = twoDigits(s, from) * 100 + twoDigits(s, from + 2);
  const m = twoDigits(s, from + 5);
  const d = twoDigits(s, from + 8);
  if (y < 1970 || m < 1 || m > 12 || d < 1 || d > 31) return -1;
  if (n === 19) {
    const h = twoDigits(s, from + 11);
    const mi = twoDigits(s, from + 14);
    const se = twoDigits(s, from + 17);
    if (h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59) return -1;
  }
  return y * 12 + m;
}
/** A plain decimal number at s[from, to), or NaN. */
function numberAt(s: string, from: number, to: number): number {
  let value = 0;
  let decimals = 0;
  let dot = false;
  let digits = false;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      if (dot) decimals++;
      digits = true;
    } else if (c === 46 && !dot) dot = true;
    else return Number.NaN;
  }
  return digits ? value / 10 ** decimals : Number.NaN;
}
/** Index of the state at s[from, to) among the seven, 7 for another text. */
function stateAt(s: string, from: number, to: number): number {
  next: for (let k = 0; k < STATES.length; k++) {
    const state = STATES[k] as string;
    if (state.length !== to - from) continue;
    for (let i = 0; i < state.length; i++) if (state.charCodeAt(i) !== s.charCodeAt(from + i)) continue next;
    return k;
  }
  return STATES.length;
}
function fingerprintAt(s: string, from: number, to: number): number {
  let h = 2166136261;
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

class FloorPass {
  orders = 0;
  products = 0;
  findings = 0;
  newCustomers = 0;
  readonly stateCounts = new Float64Array(STATES.length + 1);
  readonly months = new Map<number, number>();
  private readonly seen = new Set<number>();
  private readonly starts = new Int32Array(256);
  private readonly ends = new Int32Array(256);
  private header = false;
  /** Column of each name of COLUMNS. */
  private readonly at: Record<(typeof COLUMNS)[number], number> = Object.fromEntries(COLUMNS.map((c) => [c, -1])) as Record<(typeof COLUMNS)[number], number>;
  private id = '';
  private prefix = '';
  private month = -1;
  private monthCount = 0;

  row(s: string, start: number, end: number): void {
    const { starts, ends, at } = this;
    if (this.prefix.length > 0 && s.slice(start, start + this.prefix.length) === this.prefix) {
      this.cells(s, start + this.prefix.length, end, at.product_id);
      this.product(s);
      return;
    }
    const count = this.cells(s, start, end, 0);
    if (!this.header) {
      this.header = true;
      for (let k = 0; k < count; k++) {
        const name = s.slice(starts[k], ends[k]) as (typeof COLUMNS)[number];
        if ((COLUMNS as readonly string[]).includes(name)) at[name] = k;
      }
      return;
    }
    const idFrom = starts[at.id] as number;
    const idTo = ends[at.id] as number;
    if (idTo - idFrom !== this.id.length || s.slice(idFrom, idTo) !== this.id) this.order(s, start);
    this.product(s);
  }

  /** Locates the cells of s[from, end) from column `first` on; returns the column count. */
  private cells(s: string, from: number, end: number, first: number): number {
    const { starts, ends } = this;
    let n = first;
    let i = from;
    for (;;) {
      if (s.charCodeAt(i) === QUOTE) {
        let q = i + 1;
        for (;;) {
          q = s.indexOf('"', q);
          if (q === -1 || q >= end) q = end;
          if (q < end && s.charCodeAt(q + 1) === QUOTE) q += 2;
          else break;
        }
        starts[n] = i + 1;
        ends[n++] = q;
        i = q + 2;
        if (i > end) break;
        continue;
      }
      let d = s.indexOf(';', i);
      if (d === -1 || d > end) d = end;
      starts[n] = i;
      ends[n++] = d;
      if (d >= end) break;
      i = d + 1;
    }
    return n;
  }

  private order(s: string, start: number): void {
    const { starts, ends, at } = this;
    this.orders++;
    const idFrom = starts[at.id] as number;
    const idTo = ends[at.id] as number;
    this.id = s.slice(idFrom, idTo);
    this.prefix = s.slice(start, starts[at.product_id]);
    const fingerprint = fingerprintAt(s, idFrom, idTo);
    if (this.seen.has(fingerprint)) this.findings++;
    else this.seen.add(fingerprint);
    const month = monthOf(s, starts[at.date] as number, ends[at.date] as number);
    if (month < 0) this.findings++;
    else if (month === this.month) this.monthCount++;
    else {
      this.flushMonth();
      this.month = month;
      this.monthCount = 1;
    }
    (this.stateCounts[stateAt(s, starts[at.state] as number, ends[at.state] as number)] as number)++;
    if (!(numberAt(s, starts[at.price] as number, ends[at.price] as number) >= 0)) this.findings++;
    for (let k = starts[at.commission] as number; k < (ends[at.commission] as number); k++) {
      const c = s.charCodeAt(k);
      if (c < 48 || c > 57) {
        this.findings++;
        break;
      }
    }
    if (!this.dateOrEmpty(s, at.lastorderdate)) this.findings++;
    if (!this.dateOrEmpty(s, at.stateupdatedate)) this.findings++;
    if ((ends[at.newclient] as number) - (starts[at.newclient] as number) === 1 && s.charCodeAt(starts[at.newclient] as number) === 49) this.newCustomers++;
  }

  private dateOrEmpty(s: string, column: number): boolean {
    const from = this.starts[column] as number;
    const to = this.ends[column] as number;
    return to === from || monthOf(s, from, to) >= 0;
  }

  private product(s: string): void {
    const { starts, ends, at } = this;
    this.products++;
    if (ends[at.product_id] === starts[at.product_id]) this.findings++;
    if (ends[at.product_category] === starts[at.product_category]) this.findings++;
    if (!(numberAt(s, starts[at.product_price] as number, ends[at.product_price] as number) > 0)) this.findings++;
    if (!(numberAt(s, starts[at.product_quantity] as number, ends[at.product_quantity] as number) > 0)) this.findings++;
  }

  flushMonth(): void {
    if (this.month >= 0) this.months.set(this.month, (this.months.get(this.month) ?? 0) + this.monthCount);
    this.month = -1;
  }
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error('usage: csv-floor <file.csv>');
  const started = performance.now();
  const fd = openSync(file, 'r');
  const bytes = new Uint8Array(64 * 1024);
  const decoder = new TextDecoder('utf-8');
  const pass = new FloorPass();
  let chars = 0;
  let heapPeak = 0;
  let rest = '';
  for (;;) {
    const got = readSync(fd, bytes, 0, bytes.length, null);
    const text = got === 0 ? decoder.decode() : decoder.decode(bytes.subarray(0, got), { stream: true });
    chars += text.length;
    const s = rest.length > 0 ? [rest, text].join('') : text;
    let pos = 0;
    for (let nl = s.indexOf('\n'); nl !== -1; nl = s.indexOf('\n', pos)) {
      pass.row(s, pos, nl > pos && s.charCodeAt(nl - 1) === CR ? nl - 1 : nl);
      pos = nl + 1;
    }
    rest = s.slice(pos);
    const heap = getHeapStatistics().used_heap_size;
    if (heap > heapPeak) heapPeak = heap;
    if (got === 0) break;
  }
  if (rest.length > 0) pass.row(rest, 0, rest.length);
  closeSync(fd);
  pass.flushMonth();
  const ms = performance.now() - started;
  // The counts show the pass did its work (they match feed-check's on the bench feeds).
  process.stderr.write(`${JSON.stringify({ products: pass.products, findings: pass.findings, newCustomers: pass.newCustomers, months: pass.months.size, states: [...pass.stateCounts] })}\n`);
  const cpu = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ orders: pass.orders, chars, ms, cpuMs: (cpu.user + cpu.system) / 1000, heapPeak, maxRss: process.resourceUsage().maxRSS * 1024 })}\n`);
}

main();
