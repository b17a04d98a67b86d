/**
 * Streaming CSV record parser (RFC 4180).
 *
 * Header row: the feed record's field names, plus product_id, product_category, product_price,
 * product_quantity (names are trimmed and compared case-insensitively; unknown columns are
 * ignored). The delimiter, comma or semicolon, is whichever the header has more of. One row is
 * one order line: consecutive rows with the same non-empty id form one order (order fields are
 * taken from its first row), so only one order is held at a time. A row with the id of the
 * rows above but other order values (both cells filled) starts an order of its own, marked
 * `conflict` (reported as duplicatedIds). An empty cell is an absent field.
 *
 * Fast path: a row without a double quote is split with indexOf; rows with quotes go through
 * a small state machine that handles delimiters, doubled quotes and newlines inside quotes.
 * A product row that repeats its order's leading columns (the usual export: the order's fields
 * on every product row) is matched against the order's first row in one string comparison
 * over those columns' text, and only the columns after them are split and sliced.
 */
import { ChunkedParser, clip, countLines, FEED_LIMITS, trimEnds } from './parse/common';
import { FeedParseError, ORDER_FIELDS, type FeedErrorDetail, PRODUCT_FIELDS, type OrderField, type ProductField, type RawOrder, type RawProduct, type RecordParserFactory, type RowConflict } from './types';

const QUOTE = 34;
const LF = 10;
const CR = 13;

/** Slots: ORDER_FIELDS indexes first, then the four product columns. */
const ORDER_SLOTS = ORDER_FIELDS.length;
const PRODUCT_COLUMNS = PRODUCT_FIELDS.map((f) => `product_${f}`);
const SLOT_COUNT = ORDER_SLOTS + PRODUCT_FIELDS.length;
const ID_SLOT = ORDER_FIELDS.indexOf('id');

// Name -> slot through a Map: a column called __proto__ or constructor is just unknown.
const SLOT_OF: ReadonlyMap<string, number> = new Map<string, number>([
  ...ORDER_FIELDS.map((f, i) => [f, i] as const),
  ...PRODUCT_COLUMNS.map((c, i) => [c, ORDER_SLOTS + i] as const),
]);

class CsvRecordParser extends ChunkedParser {
  private buf = '';
  private pos = 0;
  /** Line of buf[pos]. */
  private line = 1;
  /** Next '"' at or after pos, Infinity when the buffer has none past pos, -1 when not looked up. */
  private nextQuote = -1;

  private delimiter = '';
  /** Column index -> slot, -1 for columns the record does not use. Empty until the header is read. */
  private slotOfColumn: Int16Array = new Int16Array(0);
  private hasProductColumns = false;
  /** The header's column names once read; undefined while the header row is being read. */
  private header: string[] | undefined;
  /** Cells of the header row while it is read (all columns, unmapped). */
  private headerCells: string[] | undefined;
  /** Cells of the record being read, by slot. */
  private readonly cells: (string | undefined)[] = new Array<string | undefined>(SLOT_COUNT).fill(undefined);
  private column = 0;
  /** Used cells of the record being read that are not empty. */
  private filled = 0;
  /** The record being read has the current order's id (so far: the id column was read). */
  private continuing = false;
  /**
   * Order slots (bits) of the record being read whose text equals the first row's and were
   * therefore not sliced (cells[] keeps undefined for them): most rows of a multi-product order
   * repeat the order's fields, and comparing in place spares a string per cell.
   */
  private sameSlots = 0;
  /** Slots (bits) the record being read set in cells[]: the next one clears just those. */
  private setSlots = 0;
  /** Order slots other than the id that the record being read holds in cells[] (0: it cannot conflict). */
  private orderCells = 0;
  /** Where the record being read started, and where its leading order columns end (after their delimiter; -1 until known). */
  private rowStart = 0;
  private rowPrefixEnd = -1;

  /** Leading columns that hold no product column (the columns the prefix covers), 0 when there are none. */
  private prefixColumns = 0;
  /** Order slots of those columns (bits), and whether the id is one of them. */
  private prefixSlots = 0;
  private prefixHasIdColumn = false;
  /**
   * The current order's first row's text over those columns, delimiter after them included, ''
   * when unusable (that row held a quote there, or was shorter). A row that starts with the
   * same text has the same cells there, so the same values: nothing to split, slice or compare.
   */
  private prefix = '';
  /** Non-empty order cells of the prefix, and whether its id is non-empty (set with prefix). */
  private prefixFilled = 0;
  private prefixHasId = false;

  private order: RawOrder | undefined;
  private orderId: string | undefined;
  /** Order fields of the current order's first row, by slot: a later row of the same id must agree. */
  private readonly firstCells: (string | undefined)[] = new Array<string | undefined>(ORDER_SLOTS).fill(undefined);
  /** Characters of the rows of the current order (FEED_LIMITS.maxOrderChars). */
  private orderChars = 0;

  constructor(private readonly onOrder: (order: RawOrder) => void) {
    super();
  }

  protected override feed(chunk: string): void {
    if (this.pos < this.buf.length) {
      // The row cut at the last chunk's end is joined with this chunk up to its first line feed,
      // not with the whole chunk: that copy was a second 200 MB of text on the 121 MB Cyrillic
      // feed. Two pieces read as one chunk does (any chunking does: the property tests).
      const lf = chunk.indexOf('\n');
      if (lf !== -1 && lf + 1 < chunk.length) {
        this.take(chunk.slice(0, lf + 1));
        if (this.pos >= this.buf.length) {
          this.buf = chunk;
          this.pos = lf + 1;
          this.nextQuote = -1;
          this.scan();
          return;
        }
        // A line break inside quotes: the row goes on into the rest of the chunk.
        this.take(chunk.slice(lf + 1));
        return;
      }
    }
    this.take(chunk);
  }

  private take(chunk: string): void {
    // join, not '+': '+' makes a rope that every charCodeAt then has to look through.
    this.buf = this.pos >= this.buf.length ? chunk : [this.buf.slice(this.pos), chunk].join('');
    this.pos = 0;
    this.nextQuote = -1;
    this.scan();
  }

  private fail(code: ConstructorParameters<typeof FeedParseError>[0], message: string, line: number, detail: FeedErrorDetail): never {
    throw new FeedParseError(code, message, line, detail);
  }

  protected override scan(): void {
    const buf = this.buf;
    const len = buf.length;
    while (this.pos < len) {
      const start = this.pos;
      let lineEnd = buf.indexOf('\n', start);
      if (lineEnd === -1) {
        if (!this.ended) {
          if (len - start > FEED_LIMITS.maxCsvRecord) this.recordTooLarge();
          return;
        }
        lineEnd = len;
      }
      if (lineEnd - start > FEED_LIMITS.maxCsvRecord) this.recordTooLarge();
      if (this.header === undefined) {
        if (!this.readHeader(start, lineEnd)) return;
        continue;
      }
      this.beginRecord(start);
      // The prefix holds no quote and no line break, so a row starting with it has it on this line.
      // slice and === rather than startsWith: V8 compares two flat strings as memory, while
      // startsWith reads character by character (about 5x slower on a 90-character prefix).
      const prefix = this.prefix;
      const from0 = prefix.length > 0 && buf.slice(start, start + prefix.length) === prefix ? this.skipPrefix(start) : start;
      if (this.quoteAfter(from0) < lineEnd) {
        if (!this.quotedRecord(start, from0, lineEnd)) return;
        continue;
      }
      // Fast path: no quote in the rest of this row.
      const contentEnd = lineEnd > start && buf.charCodeAt(lineEnd - 1) === CR ? lineEnd - 1 : lineEnd;
      const delimiter = this.delimiter;
      const prefixColumns = this.prefixColumns;
      let from = from0;
      for (;;) {
        const d = buf.indexOf(delimiter, from);
        if (d === -1 || d >= contentEnd) {
          this.cell(buf, from, contentEnd);
          break;
        }
        this.cell(buf, from, d);
        from = d + 1;
        if (this.column === prefixColumns && from0 === start) this.rowPrefixEnd = from;
      }
      this.pos = lineEnd + 1;
      const line = this.line;
      this.line++;
      this.endRecord(line, lineEnd - start);
    }
  }

  /** The row at start begins with the current order's prefix: its cells there are the first row's. Returns where the rest starts. */
  private skipPrefix(start: number): number {
    const end = start + this.prefix.length;
    this.rowPrefixEnd = end;
    this.column = this.prefixColumns;
    this.filled = this.prefixFilled;
    this.sameSlots = this.prefixSlots;
    if (this.prefixHasId) {
      this.cells[ID_SLOT] = this.orderId;
      this.setSlots |= 1 << ID_SLOT;
      this.continuing = true;
    }
    return end;
  }

  private quoteAfter(start: number): number {
    if (this.nextQuote === Number.POSITIVE_INFINITY) return this.nextQuote;
    if (this.nextQuote < start) {
      const q = this.buf.indexOf('"', start);
      this.nextQuote = q === -1 ? Number.POSITIVE_INFINITY : q;
    }
    return this.nextQuote;
  }

  private recordTooLarge(): never {
    this.fail('token-too-large', `a CSV row longer than ${FEED_LIMITS.maxCsvRecord} characters`, this.line, { key: 'csvRowTooLong', values: { max: FEED_LIMITS.maxCsvRecord } });
  }

  /**
   * Reads one record that holds quotes, from start (its cells before `from` already read:
   * beginRecord, then skipPrefix or nothing). Returns false (nothing consumed) when the record
   * is not complete in the buffer yet, so the next chunk re-reads it from its start. lineEnd:
   * the first line feed from start (or the buffer's end).
   */
  private quotedRecord(start: number, from: number, lineEnd: number): boolean {
    const buf = this.buf;
    const len = buf.length;
    const delimiterText = this.delimiter;
    const delimiter = delimiterText.charCodeAt(0);
    let i = from;
    /** Next line feed at or after i (len when none), looked up again once passed. */
    let lf = -1;
    for (;;) {
      if (i - start > FEED_LIMITS.maxCsvRecord) this.recordTooLarge();
      // The order's leading columns end here with no line break before (quotes are fine: the same
      // text from a row's start reads as the same cells): they can serve as the prefix. An
      // all-quoted export has no row without a quote, so it read every cell of every row again.
      if (this.column === this.prefixColumns && this.rowPrefixEnd < 0 && this.header !== undefined && lineEnd >= i) this.rowPrefixEnd = i;
      if (i < len && buf.charCodeAt(i) === QUOTE) {
        // Quoted field: up to the quote that is not doubled.
        let from = i + 1;
        // undefined until the first piece: most fields have no doubled quote and are one slice (no concatenation).
        let value: string | undefined;
        for (;;) {
          const q = buf.indexOf('"', from);
          if (q === -1 || (q + 1 >= len && !this.ended)) {
            if (len - start > FEED_LIMITS.maxCsvRecord) this.recordTooLarge();
            if (this.ended) this.fail('truncated', 'the feed ends inside a quoted field (a closing " is missing)', this.line, { key: 'endsInsideQuotedField' });
            return false;
          }
          // The record cap before the field cap, as the chunked path meets them (same message).
          if (q - start > FEED_LIMITS.maxCsvRecord) this.recordTooLarge();
          if (buf.charCodeAt(q + 1) === QUOTE) {
            value = value === undefined ? buf.slice(from, q + 1) : value + buf.slice(from, q + 1);
            from = q + 2;
            continue;
          }
          value = value === undefined ? buf.slice(from, q) : value + buf.slice(from, q);
          i = q + 1;
          break;
        }
        if (value.length > FEED_LIMITS.maxToken) this.fail('token-too-large', `a CSV field longer than ${FEED_LIMITS.maxToken} characters`, this.line, { key: 'csvFieldTooLong', values: { max: FEED_LIMITS.maxToken } });
        this.cellValue(value);
        const c = buf.charCodeAt(i);
        if (i >= len) return this.finishQuoted(start, len, lineEnd);
        if (c === delimiter) {
          i++;
          continue;
        }
        if (c === LF) return this.finishQuoted(start, i + 1, lineEnd);
        if (c === CR && i + 1 < len && buf.charCodeAt(i + 1) === LF) return this.finishQuoted(start, i + 2, lineEnd);
        if (c === CR && i + 1 >= len) {
          if (!this.ended) return false;
          return this.finishQuoted(start, len, lineEnd);
        }
        this.fail('malformed', `unexpected text after a closing quote (a quote inside a quoted field is written "")`, this.line + countLines(buf, start, i), { key: 'csvTextAfterQuote' });
      } else {
        // Unquoted field: up to the delimiter or the end of the line (a stray quote inside is kept as text).
        if (lf < i) {
          lf = buf.indexOf('\n', i);
          if (lf === -1) lf = len;
        }
        let j = buf.indexOf(delimiterText, i);
        if (j === -1 || j > lf) j = lf;
        if (j - start > FEED_LIMITS.maxCsvRecord) this.recordTooLarge();
        if (j >= len && !this.ended) return false;
        const end = j > i && buf.charCodeAt(j - 1) === CR && (j >= len || buf.charCodeAt(j) === LF) ? j - 1 : j;
        this.cell(buf, i, end);
        if (j >= len) return this.finishQuoted(start, len, lineEnd);
        if (buf.charCodeAt(j) === LF) return this.finishQuoted(start, j + 1, lineEnd);
        i = j + 1;
      }
    }
  }

  /** lineEnd: the first line feed from start (or the buffer's end), which ends most rows. */
  private finishQuoted(start: number, next: number, lineEnd: number): true {
    const line = this.line;
    // A row without a line break inside its quotes has exactly the one that ends it (countLines
    // would search on through the next row for its second).
    this.line += next === lineEnd + 1 ? 1 : countLines(this.buf, start, next);
    this.pos = next;
    this.endRecord(line, next - start);
    return true;
  }

  private beginRecord(start: number): void {
    // Only the cells the last record set (a fill() of all of them was 5% of the parse).
    const cells = this.cells;
    for (let set = this.setSlots; set !== 0; set &= set - 1) cells[31 - Math.clz32(set & -set)] = undefined;
    this.setSlots = 0;
    this.column = 0;
    this.filled = 0;
    this.continuing = false;
    this.sameSlots = 0;
    this.orderCells = 0;
    this.rowStart = start;
    this.rowPrefixEnd = -1;
  }

  private cell(buf: string, from: number, to: number): void {
    const column = this.column++;
    if (to - from > FEED_LIMITS.maxToken) this.fail('token-too-large', `a CSV field longer than ${FEED_LIMITS.maxToken} characters`, this.line, { key: 'csvFieldTooLong', values: { max: FEED_LIMITS.maxToken } });
    if (this.header === undefined) {
      (this.headerCells as string[]).push(buf.slice(from, to));
      return;
    }
    const slot = column < this.slotOfColumn.length ? (this.slotOfColumn[column] as number) : -1;
    // An empty cell is an absent value.
    if (slot < 0 || to === from) return;
    // slice and ===, not startsWith: V8 compares flat strings as memory, where startsWith reads
    // character by character (measured 1.5-5x slower), and the slice is the value if they differ.
    const text = buf.slice(from, to);
    if (slot < ORDER_SLOTS && this.order !== undefined) {
      // The text of the current order's id, or of its first row's cell. Known values are
      // trimmed and not empty, so equal text is an equal value: no trim, no copy.
      const known = slot === ID_SLOT ? this.orderId : this.firstCells[slot];
      if (text === known) {
        this.filled++;
        if (slot === ID_SLOT) {
          this.cells[slot] = known;
          this.setSlots |= 1 << slot;
          this.continuing = true;
        } else if (this.continuing) this.sameSlots |= 1 << slot;
        else {
          // Not (yet) a row of the same order: the value of the order before, reused rather
          // than copied again (states, flags, sources and days repeat from order to order).
          this.cells[slot] = known;
          this.setSlots |= 1 << slot;
          this.orderCells++;
        }
        return;
      }
    }
    const value = trimEnds(text);
    if (value.length > 0) {
      this.cells[slot] = value;
      this.setSlots |= 1 << slot;
      this.filled++;
      if (slot < ORDER_SLOTS && slot !== ID_SLOT) this.orderCells++;
    }
  }

  private cellValue(value: string): void {
    const column = this.column++;
    if (this.header === undefined) {
      (this.headerCells as string[]).push(value);
      return;
    }
    const slot = column < this.slotOfColumn.length ? (this.slotOfColumn[column] as number) : -1;
    if (slot < 0) return;
    const trimmed = trimEnds(value);
    if (trimmed.length > 0) {
      this.cells[slot] = trimmed;
      this.setSlots |= 1 << slot;
      this.filled++;
      if (slot < ORDER_SLOTS && slot !== ID_SLOT) this.orderCells++;
    }
  }

  /** Header: skips blank lines, picks the delimiter, maps columns. Returns false when the header row is not complete yet. */
  private readHeader(start: number, lineEnd: number): boolean {
    const buf = this.buf;
    if (isBlankRange(buf, start, lineEnd)) {
      if (lineEnd >= buf.length && !this.ended) return false;
      this.pos = lineEnd + 1;
      this.line++;
      return true;
    }
    // Count delimiters outside quotes over the whole header row (it may hold quoted newlines).
    let commas = 0;
    let semicolons = 0;
    let quoted = false;
    let i = start;
    const len = buf.length;
    for (; i < len; i++) {
      const c = buf.charCodeAt(i);
      if (c === QUOTE) quoted = !quoted;
      else if (!quoted) {
        if (c === 44) commas++;
        else if (c === 59) semicolons++;
        else if (c === LF) break;
      }
      if (i - start > FEED_LIMITS.maxCsvRecord) this.recordTooLarge();
    }
    if (i >= len && !this.ended) return false;
    this.delimiter = semicolons > commas ? ';' : ',';
    this.headerCells = [];
    this.beginRecord(start);
    return this.quotedRecord(start, start, lineEnd);
  }

  private setHeader(names: string[], line: number): void {
    const slots = new Int16Array(names.length).fill(-1);
    const seen = new Set<number>();
    names.forEach((raw, column) => {
      const slot = SLOT_OF.get(raw.trim().toLowerCase());
      // A repeated column keeps its first occurrence.
      if (slot !== undefined && !seen.has(slot)) {
        seen.add(slot);
        slots[column] = slot;
      }
    });
    if (!seen.has(ID_SLOT)) {
      const found = names.map((n) => clip(n.trim(), 30)).filter((n) => n.length > 0).slice(0, 20).join(', ');
      this.fail(
        'csv-header',
        `the header row has no "id" column (found: ${found || 'nothing'}); the first row must name the columns, separated by commas or semicolons`,
        line,
        found ? { key: 'csvNoIdColumn', values: { found } } : { key: 'csvNoColumns' },
      );
    }
    this.slotOfColumn = slots;
    this.hasProductColumns = [...seen].some((s) => s >= ORDER_SLOTS);
    // The prefix: the columns before the first product column (none without product columns:
    // an order is then one row, rarely repeated).
    let prefixColumns = slots.findIndex((s) => s >= ORDER_SLOTS);
    if (prefixColumns < 0) prefixColumns = 0;
    let prefixSlots = 0;
    for (let c = 0; c < prefixColumns; c++) if ((slots[c] as number) >= 0) prefixSlots |= 1 << (slots[c] as number);
    this.prefixColumns = prefixColumns;
    this.prefixSlots = prefixSlots;
    this.prefixHasIdColumn = (prefixSlots & (1 << ID_SLOT)) !== 0;
    this.header = names;
  }

  /** A complete record (row) of `size` characters starting on `line` (at rowStart). */
  private endRecord(line: number, size: number): void {
    if (this.header === undefined) {
      this.setHeader(this.headerCells as string[], line);
      this.headerCells = undefined;
      return;
    }
    const cells = this.cells;
    // A blank row, or one whose used cells are all empty (",,,," left by spreadsheets), is no order line.
    if (this.filled === 0) return;
    const id = cells[ID_SLOT];
    let order = this.order;
    // Only cells that were sliced can disagree (in-place matches are equal by construction).
    const conflict = order !== undefined && id !== undefined && id === this.orderId && this.orderCells > 0 ? this.conflictWith(order.line) : undefined;
    if (order === undefined || id === undefined || id !== this.orderId || conflict !== undefined) {
      this.flush();
      const fields: Partial<Record<OrderField, string>> = {};
      const first = this.firstCells;
      const same = this.sameSlots;
      const prefixSlots = this.prefixSlots;
      let prefixFilled = 0;
      for (let s = 0; s < ORDER_SLOTS; s++) {
        // A cell left unsliced because it equals the previous order's is that same value.
        const value = (same & (1 << s)) !== 0 ? first[s] : cells[s];
        first[s] = value;
        if (value !== undefined) {
          setOrderField(fields, s, value);
          if ((prefixSlots & (1 << s)) !== 0) prefixFilled++;
        }
      }
      // This row's leading columns become the prefix later rows of the order are matched with.
      const rowStart = this.rowStart;
      this.prefix = this.rowPrefixEnd > rowStart ? this.buf.slice(rowStart, this.rowPrefixEnd) : '';
      this.prefixFilled = prefixFilled;
      this.prefixHasId = this.prefixHasIdColumn && id !== undefined;
      order = { line, fields, products: this.hasProductColumns ? [] : null };
      // Same id, other order fields: two versions of one order (a state change exported as a
      // new row, say), not one order's products. Its own order, so duplicatedIds names both lines.
      if (conflict !== undefined) order.conflict = conflict;
      this.order = order;
      this.orderId = id;
      this.orderChars = 0;
    }
    // Rows of one order are bounded as a whole, like an XML order.
    this.orderChars += size;
    if (this.orderChars > FEED_LIMITS.maxOrderChars) this.fail('token-too-large', `an order whose rows exceed ${FEED_LIMITS.maxOrderChars} characters`, line, { key: 'csvOrderRowsTooLong', values: { max: FEED_LIMITS.maxOrderChars } });
    if (!this.hasProductColumns) return;
    // Named stores in PRODUCT_FIELDS order (a keyed store per cell cost about 5% of the parse).
    const id0 = cells[ORDER_SLOTS];
    const category = cells[ORDER_SLOTS + 1];
    const price = cells[ORDER_SLOTS + 2];
    const quantity = cells[ORDER_SLOTS + 3];
    const fields: Partial<Record<ProductField, string>> = {};
    let filled = 0;
    if (id0 !== undefined) {
      fields.id = id0;
      filled++;
    }
    if (category !== undefined) {
      fields.category = category;
      filled++;
    }
    if (price !== undefined) {
      fields.price = price;
      filled++;
    }
    if (quantity !== undefined) {
      fields.quantity = quantity;
      filled++;
    }
    if (filled === 0) return;
    const products = order.products as RawProduct[];
    if (products.length >= FEED_LIMITS.maxProductsPerOrder) {
      this.fail('token-too-large', `an order with more than ${FEED_LIMITS.maxProductsPerOrder} products`, line, { key: 'tooManyProducts', values: { max: FEED_LIMITS.maxProductsPerOrder } });
    }
    products.push({ fields, line });
    if (filled < PRODUCT_FIELDS.length && order.productsProblem === undefined) {
      const empty = PRODUCT_COLUMNS.filter((_, p) => cells[ORDER_SLOTS + p] === undefined);
      order.productsProblem = `line ${line}: product columns half filled (${empty.join(', ')} empty)`;
    }
  }

  /**
   * The first order field on which the row being ended disagrees with the first row of the
   * current order (both filled: a continuation row may leave order cells empty), or undefined.
   */
  private conflictWith(line: number): RowConflict | undefined {
    const cells = this.cells;
    const first = this.firstCells;
    for (let s = 0; s < ORDER_SLOTS; s++) {
      const value = cells[s];
      const before = first[s];
      if (value !== undefined && before !== undefined && value !== before) {
        return { line, field: ORDER_FIELDS[s] as OrderField, before, after: value };
      }
    }
    return undefined;
  }

  protected override finish(): void {
    this.flush();
  }

  private flush(): void {
    const order = this.order;
    if (order === undefined) return;
    this.order = undefined;
    this.orderId = undefined;
    this.prefix = '';
    this.onOrder(order);
  }
}

/** Named stores in a fixed order of code, as the XML parser does: V8 keeps them monomorphic. */
function setOrderField(fields: RawOrder['fields'], index: number, value: string): void {
  switch (index) {
    case 0: fields.id = value; break;
    case 1: fields.date = value; break;
    case 2: fields.state = value; break;
    case 3: fields.price = value; break;
    case 4: fields.commission = value; break;
    case 5: fields.lastorderdate = value; break;
    case 6: fields.newclient = value; break;
    case 7: fields.iscallcenter = value; break;
    case 8: fields.stateupdatedate = value; break;
    case 9: fields.ordersource = value; break;
    case 10: fields.leadsource = value; break;
    case 11: fields.margin = value; break;
    case 12: fields.coupon = value; break;
    default: break;
  }
}

function isBlankRange(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== CR && c !== LF) return false;
  }
  return true;
}

/** CSV record parser factory (the RecordParserFactory contract of types.ts). */
export const createCsvParser: RecordParserFactory = (onOrder) => new CsvRecordParser(onOrder);
