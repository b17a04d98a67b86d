/**
 * The XML record parser over UTF-8 bytes: the same reading, results and errors as the text
 * parser of xml-parser.ts fed by decode.ts (orders, error codes, messages and lines are
 * identical: the property tests compare the two at every split point), without a text pass
 * for the structure.
 *
 * Why: on the bench feed the text tokenizer was about 60% of the whole check. Scanning the
 * bytes (typed-array reads, element names compared as bytes) is cheaper than scanning the
 * decoded string, and the values are cut from one decoding of the chunk (TextDecoder's ASCII
 * path is several GB/s) instead of being built one by one: a decoder call or
 * String.fromCharCode per value costs ~100 ns, more than the scan it saves (measured).
 *
 * Positions are byte offsets. They equal character offsets when the buffer is ASCII (its
 * decoded text is as long as its bytes: the usual case), so values are sliced from that text;
 * in a valid UTF-8 buffer a cursor maps byte to character positions; after a buffer that was
 * not ASCII, the next is not decoded whole (`lazy`): the fast paths' values are decoded once per
 * buffer (`settle`, the finished orders held until then), the rest where it is read. What depends on characters
 * rather than bytes is worked out in characters: the caps (a token is measured in decoded
 * UTF-16 units, as the text parser does, once its bytes pass the cap), name characters beyond
 * ASCII, the input gate (BOM, binary sniffing and blankness on the decoded first kilobyte).
 * Bytes of a character cut at the end of a chunk wait for the next one, as the decoder's do.
 * What the elements mean (roles, orders, products, budgets, end checks) is parse/xml-records.ts,
 * shared with the text parser: this file only reads the bytes.
 */
import { EMPTY_BYTES, concatBytes, copyBytes, plainBytes } from './parse/bytes';
import { clip, detach, FEED_LIMITS, looksBinary, StickyFailure } from './parse/common';
import {
  BANG,
  decodeXmlText,
  DQUOTE,
  EQUALS,
  FIELD,
  finishValue,
  GT,
  isNameChar,
  isNameStart,
  isSpace,
  KNOWN,
  KNOWN_BY_SHAPE,
  LT,
  MAX_KNOWN_LENGTH,
  PRODUCT_FIELD,
  QUESTION,
  SKIP,
  SLASH,
  SQUOTE,
  XmlRecords,
  type FieldTarget,
  type XmlLines,
  type XmlToken,
} from './parse/xml-records';
import { incompleteTail } from './decode';
import { FeedParseError, type ByteRecordParser, type FeedErrorDetail, type ByteRecordParserFactory, type FeedKind, type RawOrder } from './types';

const AMP = 38;
const DASH = 45;
const RBRACKET = 93;

const encoder = new TextEncoder();
const KNOWN_BYTES: readonly Uint8Array[] = KNOWN.map((name) => encoder.encode(name));
const CDATA_OPEN = encoder.encode('<![CDATA[');
const NO_NAME = EMPTY_BYTES;
/** Unknown element names remembered (XmlByteParser.unknownName): a feed's extra elements are a handful. */
const UNKNOWN_NAMES = 4;
const SPACE = 32;
/** A lazy parser decodes every LAZY_PROBE-th buffer whole (see `lazy`). */
const LAZY_PROBE = 64;

/** Non-fatal: invalid bytes become U+FFFD, as the text path's decoder makes them. */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Name characters beyond ASCII, as the text parser sees them (isNameStart/isNameChar take any
 * character from U+00C0 on, and U+00B7): in UTF-8 only a C2 lead with a continuation byte
 * (U+0080..U+00BF) falls below; every other byte of a multi-byte or invalid sequence belongs
 * to a character from U+00C0 on or to U+FFFD, so the name goes on.
 */
function nameStartAt(buf: Uint8Array, i: number): boolean {
  const c = buf[i] as number;
  if (c < 0x80) return isNameStart(c);
  return !(c === 0xc2 && i + 1 < buf.length && ((buf[i + 1] as number) & 0xc0) === 0x80);
}
function nameCharAt(buf: Uint8Array, i: number): boolean {
  const c = buf[i] as number;
  if (c < 0x80) return isNameChar(c);
  if (c === 0xc2 && i + 1 < buf.length && ((buf[i + 1] as number) & 0xc0) === 0x80) return buf[i + 1] === 0xb7;
  return true;
}

function controlAt(buf: Uint8Array, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const c = buf[i] as number;
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) return i;
  }
  return -1;
}

/**
 * buf.indexOf(byte, from) for the short hops of the hot path: TypedArray#indexOf is a call into
 * the runtime that costs more than the loop over a tag's few bytes (measured: startTag's self
 * time fell by more than half).
 */
function indexOfByte(buf: Uint8Array, byte: number, from: number): number {
  const len = buf.length;
  for (let i = from; i < len; i++) if (buf[i] === byte) return i;
  return -1;
}

/** How many of bits 7, 15, 23 and 31 are set (the other bits clear). */
function bitsAt7(x: number): number {
  return Math.imul((x >>> 7) & 0x01010101, 0x01010101) >>> 24;
}

function hasByte(buf: Uint8Array, byte: number, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (buf[i] === byte) return true;
  return false;
}

function isBlankRange(buf: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(buf[i] as number)) return false;
  return true;
}

function bytesAt(buf: Uint8Array, at: number, bytes: Uint8Array): boolean {
  if (at + bytes.length > buf.length) return false;
  for (let i = 0; i < bytes.length; i++) if (buf[at + i] !== bytes[i]) return false;
  return true;
}

const hasUtf8Bom = (bytes: Uint8Array, at: number) => bytes[at] === 0xef && bytes[at + 1] === 0xbb && bytes[at + 2] === 0xbf;

class XmlByteParser implements ByteRecordParser, XmlLines {
  /** The record assembly, shared with the text parser (parse/xml-records.ts). */
  private readonly records: XmlRecords;

  // Life cycle (ChunkedParser's, over bytes).
  private readonly failure = new StickyFailure();
  private ended = false;
  /** Bytes of a character cut at the end of the last chunk. */
  private tail: Uint8Array = EMPTY_BYTES;
  // Input gate (InputGate's, over bytes): the start is held back until it decodes to sniffLength characters.
  private head: Uint8Array = EMPTY_BYTES;
  private open = false;
  private content = false;

  /** Unconsumed input, a view on `work` (never the caller's memory); `pos` is where scanning resumes. */
  private buf: Uint8Array = EMPTY_BYTES;
  /**
   * Reused from chunk to chunk, grown as needed (to a token cap at most): a new ArrayBuffer per
   * chunk is external memory V8 counts, and it collected noticeably more often (measured).
   */
  private work: Uint8Array = EMPTY_BYTES;
  /** `work` read four bytes at a time (charAt); `work` always starts at offset 0 of its own ArrayBuffer. */
  private words = new Int32Array(0);
  private pos = 0;
  /** buf decoded; positions in it are byte positions when `aligned` (buf is ASCII). */
  private chars = '';
  private aligned = true;
  /**
   * Not aligned but valid UTF-8 (no U+FFFD in `chars`: every invalid sequence decodes to one):
   * a byte position maps to a position in `chars` by counting the characters that start before it.
   * One cursor, moved from the last position asked (values are asked for in order), so the bytes
   * are counted about once: far cheaper than a decoder call per value (about 30% of a Cyrillic
   * feed's check, profiled).
   */
  private mapped = false;
  private mapByte = 0;
  private mapChar = 0;
  /**
   * The buffer was not decoded whole (`chars` is empty): the one before it held other characters
   * than ASCII, and so will this one, nearly always. Decoding a whole Cyrillic buffer cost more
   * than the tokenizer's scan of it (TextDecoder's non-ASCII path runs over every byte of the
   * tags too), so the fast paths defer their values instead: their spans are listed, and the
   * buffer's values are decoded together, in one call over their bytes alone (`settle`), at its
   * end; the orders finished meanwhile are held and handed over after it (XmlRecords.handOver). Other text is decoded where it is read (`slice`), as for a buffer
   * with invalid bytes. Every LAZY_PROBE-th buffer is decoded whole again, to see ASCII come back.
   */
  private lazy = false;
  private lazyRun = 0;
  // The deferred values, in the order read: their byte spans in buf, slots, targets and positions.
  private deferredCount = 0;
  private readonly deferredStarts: number[] = [];
  private readonly deferredEnds: number[] = [];
  private readonly deferredSlots: number[] = [];
  private readonly deferredAts: number[] = [];
  private readonly deferredTargets: FieldTarget[] = [];
  /** records.orders when deferred: the open order's values are counted in its budget when stored, a finished order's not. */
  private readonly deferredOrders: number[] = [];
  /**
   * 1 when the value is ASCII: those are gathered and decoded apart, since TextDecoder's ASCII
   * path is some twenty times faster per byte than its path for the mixed text (measured).
   */
  private readonly deferredAscii: number[] = [];
  /** Their bytes gathered for one decoding, each followed by a NUL (no deferred value holds a control byte). */
  private gathered: Uint8Array = EMPTY_BYTES;

  // Lines: as in xml-parser.ts (counted lazily; the scanner and the fast paths keep them counted).
  private linePos = 0;
  private lineNo = 1;

  /** The bytes of each open element's name (records.names has its text), for the closing tag's comparison in place. */
  private readonly nameBytes: Uint8Array[] = [];
  /**
   * The last few names the record does not know (<g:channel>, <g:note/> on every order), their
   * bytes our own copy: a name met again costs a comparison, not a string and a copy.
   */
  private readonly unknownNames: string[] = [];
  private readonly unknownBytes: Uint8Array[] = [];

  constructor(onOrder: (order: RawOrder) => void, kind: FeedKind) {
    this.records = new XmlRecords(onOrder, kind, this);
  }

  pushBytes(bytes: Uint8Array): void {
    this.failure.checkPush(this.ended);
    this.failure.guard(() => {
      // One element kind on the hot path: a Node Buffer (a subclass) would make every read polymorphic.
      let data = plainBytes(bytes);
      if (this.tail.length > 0) {
        data = concatBytes(this.tail, data);
        this.tail = EMPTY_BYTES;
      }
      const cut = incompleteTail(data);
      if (cut < data.length) {
        this.tail = copyBytes(data, cut);
        data = data.subarray(0, cut);
      }
      this.accept(data);
    });
  }

  end(): void {
    this.failure.check();
    if (this.ended) return;
    this.failure.guard(() => {
      // The cut character's bytes, at the end: the decoder turns them into U+FFFD.
      const rest = this.tail;
      this.tail = EMPTY_BYTES;
      this.accept(rest);
      if (!this.open) this.release();
      if (!this.content) throw new FeedParseError('empty', 'the feed is empty (no data, or only whitespace)', undefined, { key: 'empty' });
      this.ended = true;
      this.scanAll();
      this.finish();
    });
  }

  /** Whole characters, through the gate. */
  private accept(data: Uint8Array): void {
    if (data.length === 0) return;
    if (this.open) {
      this.see(data);
      this.feed(data);
      return;
    }
    this.head = concatBytes(this.head, data);
    // Fewer bytes than sniffLength cannot make sniffLength characters.
    if (this.head.length >= FEED_LIMITS.sniffLength && this.headText().length >= FEED_LIMITS.sniffLength) this.release();
  }

  /** The held start as the gate sees it: the decoder's byte order mark dropped. */
  private headText(): string {
    return utf8.decode(this.head.subarray(hasUtf8Bom(this.head, 0) ? 3 : 0));
  }

  private release(): void {
    this.open = true;
    let from = hasUtf8Bom(this.head, 0) ? 3 : 0;
    // The gate drops one more U+FEFF, as InputGate does after the decoder's.
    if (hasUtf8Bom(this.head, from)) from += 3;
    const head = this.head.subarray(from);
    this.head = EMPTY_BYTES;
    const text = utf8.decode(head);
    if (looksBinary(text.slice(0, FEED_LIMITS.sniffLength))) {
      throw new FeedParseError('binary', 'the feed is a binary file, not XML or CSV text (is it compressed?)', 1, { key: 'binary' });
    }
    if (head.length > 0) {
      if (!this.content && /\S/.test(text)) this.content = true;
      this.feed(head);
    }
  }

  private see(data: Uint8Array): void {
    // Until the first non-blank character only (one chunk, nearly always).
    if (!this.content && /\S/.test(utf8.decode(data))) this.content = true;
  }

  private feed(chunk: Uint8Array): void {
    const rest = this.buf.length;
    const size = rest + chunk.length;
    if (size > this.work.length) {
      const grown = new Uint8Array(Math.max(size, 2 * this.work.length, 64 * 1024));
      grown.set(this.buf, 0);
      this.work = grown;
      this.words = new Int32Array(grown.buffer, 0, grown.length >> 2);
    }
    this.work.set(chunk, rest);
    this.buf = this.work.subarray(0, size);
    this.scanAll();
  }

  /** Scans what is buffered, then keeps the unconsumed rest as a copy of its own. */
  private scanAll(): void {
    this.lazy = this.lazy && ++this.lazyRun % LAZY_PROBE !== 0;
    if (this.lazy) {
      this.aligned = false;
      this.mapped = false;
    } else {
      this.chars = utf8.decode(this.buf);
      this.aligned = this.chars.length === this.buf.length;
      this.mapped = !this.aligned && this.chars.indexOf('\ufffd') === -1;
      this.mapByte = 0;
      this.mapChar = 0;
    }
    try {
      this.scan();
    } catch (error) {
      // The orders finished before the error come first, as on the text path, which hands each
      // over at its closing tag. Their values cannot fail (their budget was met on the bound),
      // and an exception of onOrder itself wins, as it would have come first there too.
      this.settle();
      this.records.handOver();
      throw error;
    }
    // Once a buffer (not once an order: the JavaScript side of each decoder call costs more than
    // a few values' bytes), before the buffer moves; then the orders held for their values.
    this.settle();
    this.records.handOver();
    this.lazy = !this.aligned;
    this.lineAt(this.pos);
    // The rest moves to the front of the reused buffer (and the caller's bytes were copied in).
    const rest = this.buf.length - this.pos;
    if (rest > 0 && this.pos > 0) this.work.copyWithin(0, this.pos, this.buf.length);
    this.buf = this.work.subarray(0, rest);
    this.pos = 0;
    this.linePos = 0;
    this.chars = '';
  }

  /** Defers the value buf[start, end) of `slot`, read at `at` (its closing tag), on a lazy buffer. */
  private defer(slot: number, start: number, end: number, at: number, ascii: boolean): void {
    const n = this.deferredCount;
    this.deferredAscii[n] = ascii ? 1 : 0;
    this.deferredStarts[n] = start;
    this.deferredEnds[n] = end;
    this.deferredSlots[n] = slot;
    this.deferredAts[n] = at;
    this.deferredTargets[n] = this.records.target(slot);
    this.deferredOrders[n] = this.records.orders;
    this.deferredCount = n + 1;
    this.records.deferred(slot, end - start);
  }

  /** Makes the deferred values, in one decoding of their bytes, and stores them in the order read. */
  settle(): void {
    const count = this.deferredCount;
    if (count === 0) return;
    this.deferredCount = 0;
    const records = this.records;
    records.settling();
    const buf = this.buf;
    let size = 0;
    let asciiSize = 0;
    for (let k = 0; k < count; k++) {
      const bytes = (this.deferredEnds[k] as number) - (this.deferredStarts[k] as number) + 1;
      size += bytes;
      if (this.deferredAscii[k] === 1) asciiSize += bytes;
    }
    if (size > this.gathered.length) this.gathered = new Uint8Array(Math.max(size, 2 * this.gathered.length, 4096));
    const gathered = this.gathered;
    // The ASCII values first, the others after them.
    let asciiAt = 0;
    let at = asciiSize;
    for (let k = 0; k < count; k++) {
      const end = this.deferredEnds[k] as number;
      if (this.deferredAscii[k] === 1) {
        for (let i = this.deferredStarts[k] as number; i < end; i++) gathered[asciiAt++] = buf[i] as number;
        gathered[asciiAt++] = 0;
      } else {
        for (let i = this.deferredStarts[k] as number; i < end; i++) gathered[at++] = buf[i] as number;
        gathered[at++] = 0;
      }
    }
    // The NULs end any sequence cut at a value's end, so each value decodes as it would alone.
    const asciiText = asciiSize === 0 ? '' : utf8.decode(gathered.subarray(0, asciiSize));
    const text = at === asciiSize ? '' : utf8.decode(gathered.subarray(asciiSize, at));
    let asciiFrom = 0;
    let from = 0;
    const open = records.orders;
    for (let k = 0; k < count; k++) {
      let value: string;
      if (this.deferredAscii[k] === 1) {
        const to = asciiText.indexOf('\0', asciiFrom);
        value = asciiText.slice(asciiFrom, to);
        asciiFrom = to + 1;
      } else {
        const to = text.indexOf('\0', from);
        value = text.slice(from, to);
        from = to + 1;
      }
      if (this.deferredOrders[k] === open) records.store(this.deferredTargets[k] as FieldTarget, this.deferredSlots[k] as number, value, this.deferredAts[k] as number);
      else records.keep(this.deferredTargets[k] as FieldTarget, this.deferredSlots[k] as number, value);
    }
  }

  /** Text of buf[start, end) (both on character boundaries). */
  private slice(start: number, end: number): string {
    if (this.aligned) return this.chars.slice(start, end);
    if (this.mapped) return this.chars.slice(this.charAt(start), this.charAt(end));
    return utf8.decode(this.buf.subarray(start, end));
  }

  /** Position in `chars` of the character starting at byte `p` of valid UTF-8 (`mapped`). */
  private charAt(p: number): number {
    const buf = this.buf;
    let b = this.mapByte;
    let ch = this.mapChar;
    // A lead byte starts one UTF-16 unit, or two (a surrogate pair) from F0 on; continuation bytes none.
    for (; b < p && (b & 3) !== 0; b++) {
      const c = buf[b] as number;
      if ((c & 0xc0) !== 0x80) ch += c >= 0xf0 ? 2 : 1;
    }
    // Four bytes at a time (the order of the bytes in the word does not matter to a count).
    const words = this.words;
    for (; b + 4 <= p; b += 4) {
      const w = words[b >> 2] as number;
      if ((w & 0x80808080) === 0) {
        ch += 4;
        continue;
      }
      // Top bit set and the next one clear: a continuation byte. Top four bits set: a four-byte lead.
      const continuation = w & ~(w << 1) & 0x80808080;
      const fourByteLead = w & (w << 1) & (w << 2) & (w << 3) & 0x80808080;
      ch += 4 - bitsAt7(continuation) + bitsAt7(fourByteLead);
    }
    for (; b < p; b++) {
      const c = buf[b] as number;
      if ((c & 0xc0) !== 0x80) ch += c >= 0xf0 ? 2 : 1;
    }
    while (b > p) {
      const c = buf[--b] as number;
      if ((c & 0xc0) !== 0x80) ch -= c >= 0xf0 ? 2 : 1;
    }
    this.mapByte = b;
    this.mapChar = ch;
    return ch;
  }

  /** True when buf[start, end) is longer than maxToken in decoded UTF-16 units (what the text parser measures). */
  private over(start: number, end: number): boolean {
    const max = FEED_LIMITS.maxToken;
    if (end - start <= max) return false;
    return this.aligned || utf8.decode(this.buf.subarray(start, end)).length > max;
  }

  /** UTF-16 units from `at`, counted up to `want`. */
  private unitsFrom(at: number, want: number): number {
    const available = this.buf.length - at;
    if (this.aligned || available <= want) return Math.min(available, want);
    // Every four bytes decode to one unit at least (a character, or U+FFFD for invalid bytes).
    if (available >= 4 * want) return want;
    if (this.mapped) {
      const buf = this.buf;
      let units = 0;
      for (let b = at; b < buf.length && units < want; b++) {
        const c = buf[b] as number;
        if ((c & 0xc0) !== 0x80) units += c >= 0xf0 ? 2 : 1;
      }
      return Math.min(units, want);
    }
    return Math.min(utf8.decode(this.buf.subarray(at, Math.min(this.buf.length, at + want * 4))).length, want);
  }

  lineAt(p: number): number {
    // A loop, not indexOf per line: the spans left to count are a few short lines (a tag with
    // attributes, a comment), where a runtime call per line cost more (profiled).
    if (p > this.linePos) {
      const buf = this.buf;
      let lines = 0;
      for (let i = this.linePos; i < p; i++) if (buf[i] === 10) lines++;
      this.lineNo += lines;
      this.linePos = p;
    }
    return this.lineNo;
  }

  private fail(code: ConstructorParameters<typeof FeedParseError>[0], message: string, at: number, detail: FeedErrorDetail): never {
    throw new FeedParseError(code, message, this.lineAt(at), detail);
  }

  private incomplete(start: number, token: Exclude<XmlToken, 'text'>): void {
    if (this.over(start, this.buf.length)) this.records.tooLarge(start, token);
    if (this.ended) this.records.endsInside(start, token);
  }

  private control(at: number): never {
    this.records.control(this.buf[at] as number, at);
  }

  private noControl(from: number, to: number): void {
    const at = controlAt(this.buf, from, to);
    if (at !== -1) this.control(at);
  }

  private scan(): void {
    const buf = this.buf;
    const len = buf.length;
    let pos = this.pos;
    while (pos < len) {
      let lt = pos;
      let lines = 0;
      for (; lt < len; lt++) {
        const c = buf[lt] as number;
        if (c === 10) lines++;
        else if (c !== 32 && c !== 9 && c !== 13) break;
      }
      if (lt < len && buf[lt] === LT) {
        if (this.linePos === pos) {
          this.lineNo += lines;
          this.linePos = lt;
        }
        if (lt !== pos && this.records.collecting()) this.onText(pos, lt, false);
      } else {
        lt = buf.indexOf(LT, lt);
        if (lt === -1) {
          if (!this.ended) {
            if (this.over(pos, len)) this.records.tooLarge(pos, 'text');
            break;
          }
          this.onText(pos, len, false);
          pos = len;
          break;
        }
        this.onText(pos, lt, false);
      }
      pos = lt;
      if (lt + 1 >= len) {
        this.incomplete(lt, 'tag');
        break;
      }
      const c = buf[lt + 1] as number;
      let next: number;
      if (c === SLASH) next = this.endTag(lt);
      else if (c === BANG) next = this.bang(lt);
      else if (c === QUESTION) next = this.instruction(lt);
      else next = this.startTag(lt);
      if (next === -1) break;
      pos = next;
    }
    this.pos = pos;
  }

  private onText(start: number, end: number, cdata: boolean): void {
    if (this.over(start, end)) this.records.tooLarge(start, cdata ? 'cdata' : 'text');
    const role = this.records.role();
    if (role !== FIELD && role !== PRODUCT_FIELD && isBlankRange(this.buf, start, end)) return;
    this.noControl(start, end);
    // Text of an element the record ignores (<g:channel>...) is only checked, never kept: its
    // entities are read for their errors, and a text without any is not decoded at all.
    if (role === SKIP && (cdata || !hasByte(this.buf, AMP, start, end))) return;
    const raw = this.slice(start, end);
    let value = raw;
    if (!cdata && raw.indexOf('&') !== -1) {
      const decoded = decodeXmlText(raw);
      if (typeof decoded !== 'string') this.fail('malformed', decoded.error, this.buf.indexOf(AMP, start), decoded.detail);
      value = decoded;
    }
    this.records.addText(value, start, role);
  }

  /** Id of the known name at buf[start, end), or -1. */
  private knownId(start: number, end: number): number {
    const length = end - start;
    if (length > MAX_KNOWN_LENGTH) return -1;
    const buf = this.buf;
    const first = buf[start] as number;
    if (!(first < 128)) return -1;
    const id = KNOWN_BY_SHAPE[length * 128 + first] as number;
    if (id === -1) return -1;
    const name = KNOWN_BYTES[id] as Uint8Array;
    for (let i = 1; i < length; i++) if (buf[start + i] !== name[i]) return -1;
    return id;
  }

  private startTag(lt: number): number {
    const buf = this.buf;
    const gt = indexOfByte(buf, GT, lt + 1);
    if (gt === -1) {
      this.incomplete(lt, 'tag');
      return -1;
    }
    if (this.over(lt, gt)) this.records.tooLarge(lt, 'tag');
    let id = this.knownId(lt + 1, gt);
    const direct = id !== -1;
    let name: string;
    let nameBytes: Uint8Array;
    let end = gt;
    let selfClosing = false;
    if (id !== -1) {
      name = KNOWN[id] as string;
      nameBytes = KNOWN_BYTES[id] as Uint8Array;
    } else {
      this.noControl(lt + 1, gt);
      let i = lt + 1;
      if (!nameStartAt(buf, i)) this.fail('malformed', 'a "<" that does not start a tag (write &lt; in text)', lt, { key: 'lessThanNotTag' });
      i++;
      while (i < gt && nameCharAt(buf, i)) i++;
      id = this.knownId(lt + 1, i);
      if (id !== -1) {
        name = KNOWN[id] as string;
        nameBytes = KNOWN_BYTES[id] as Uint8Array;
      } else {
        const seen = this.unknownName(lt + 1, i);
        if (seen !== -1) {
          name = this.unknownNames[seen] as string;
          nameBytes = this.unknownBytes[seen] as Uint8Array;
        } else {
          name = this.slice(lt + 1, i);
          nameBytes = NO_NAME;
        }
      }
      if (i < gt) {
        const c = buf[i] as number;
        if (!isSpace(c) && c !== SLASH) this.fail('malformed', `unexpected character in the tag <${clip(name)}>`, lt, { key: 'unexpectedCharacterInTag', values: { name: clip(name) } });
        end = this.attributes(i, lt, name);
        if (end === -1) return -1;
        if (this.over(lt, end)) this.records.tooLarge(lt, 'tag');
      }
      selfClosing = buf[end - 1] === SLASH && end - 1 >= i;
      // Kept for the closing tag (copied: buf is rebuilt between chunks), and for the next element of that name.
      if (nameBytes === NO_NAME) nameBytes = this.rememberName(name, lt + 1, i);
    }
    const records = this.records;
    if (!selfClosing && id !== -1 && records.depth > 0) {
      const next = this.simpleField(id, direct ? lt : -1, end + 1);
      if (next !== -1) return next;
    }
    const depth = records.depth;
    records.open(id, name, lt);
    this.nameBytes[depth] = nameBytes;
    if (this.linePos === lt && (direct || !hasByte(buf, 10, lt, end))) this.linePos = end + 1;
    if (selfClosing) records.close(lt);
    return end + 1;
  }

  /** Index in unknownNames of the name at buf[start, end), or -1. */
  private unknownName(start: number, end: number): number {
    const names = this.unknownBytes;
    for (let k = 0; k < names.length; k++) {
      const bytes = names[k] as Uint8Array;
      if (bytes.length === end - start && bytesAt(this.buf, start, bytes)) return k;
    }
    return -1;
  }

  /** A copy of the name's bytes, remembered with its text (the oldest of UNKNOWN_NAMES forgotten). */
  private rememberName(name: string, start: number, end: number): Uint8Array {
    const bytes = copyBytes(this.buf, start, end);
    if (this.unknownBytes.length >= UNKNOWN_NAMES) {
      this.unknownBytes.shift();
      this.unknownNames.shift();
    }
    this.unknownBytes.push(bytes);
    // Detached: a name sliced from the chunk's text would pin it.
    this.unknownNames.push(detach(name));
    return bytes;
  }

  /** The text parser's simpleField over bytes: `<price>12.5</price>` in one step, or -1 for the general path. */
  private simpleField(id: number, tagStart: number, valueStart: number): number {
    const slot = this.records.fieldSlot(id);
    if (slot === -1) return -1;
    const buf = this.buf;
    const len = buf.length;
    let plain = true;
    let amp = false;
    let control = -1;
    let bits = 0;
    let lt = valueStart;
    for (; lt < len; lt++) {
      const c = buf[lt] as number;
      bits |= c;
      if (c === LT) break;
      if (c < 32) {
        if (c !== 9 && c !== 10 && c !== 13 && control === -1) control = lt;
        plain = false;
      } else if (c === AMP) amp = true;
    }
    if (lt >= len) return -1;
    if (lt === valueStart && buf[lt + 1] === BANG) return this.cdataField(slot, id, tagStart, valueStart);
    const n = this.closes(id, lt);
    if (n === -1) return -1;
    if (this.over(valueStart, lt)) this.records.tooLarge(valueStart, 'text');
    if (control !== -1) this.control(control);
    // As finishValue would leave it (no line break, no blank end): made later, with the order's others.
    if (this.lazy && plain && !amp && lt > valueStart && buf[valueStart] !== SPACE && buf[lt - 1] !== SPACE) {
      this.defer(slot, valueStart, lt, lt, (bits & 0x80) === 0);
      if (this.linePos === tagStart) this.linePos = lt + n + 3;
      return lt + n + 3;
    }
    let value = this.slice(valueStart, lt);
    if (amp) {
      const decoded = decodeXmlText(value);
      if (typeof decoded !== 'string') this.fail('malformed', decoded.error, buf.indexOf(AMP, valueStart), decoded.detail);
      value = decoded;
    }
    const noCr = plain && !amp;
    this.records.setField(slot, finishValue(value, noCr), lt);
    if (plain && this.linePos === tagStart) this.linePos = lt + n + 3;
    return lt + n + 3;
  }

  /** Length of known name `id` when buf[lt...] is its closing tag `</name>`, else -1. */
  private closes(id: number, lt: number): number {
    const buf = this.buf;
    const name = KNOWN_BYTES[id] as Uint8Array;
    const n = name.length;
    if (buf[lt] !== LT || buf[lt + 1] !== SLASH || buf[lt + 2 + n] !== GT) return -1;
    for (let i = 0; i < n; i++) if (buf[lt + 2 + i] !== name[i]) return -1;
    return n;
  }

  /**
   * simpleField for a value written as one CDATA section, `<coupon><![CDATA[ПРОМО]]></coupon>`
   * (exports quote every text field that way), or -1 for the general path: anything unusual
   * (a control character, a section over the cap or cut off by the chunk's end, text around it)
   * goes there, so the errors and their lines stay the general path's.
   */
  private cdataField(slot: number, id: number, tagStart: number, valueStart: number): number {
    const buf = this.buf;
    if (!bytesAt(buf, valueStart, CDATA_OPEN)) return -1;
    const start = valueStart + CDATA_OPEN.length;
    const close = this.indexOf3(RBRACKET, RBRACKET, GT, start);
    if (close === -1) return -1;
    const lt = close + 3;
    const n = this.closes(id, lt);
    if (n === -1) return -1;
    let plain = true;
    let bits = 0;
    for (let i = start; i < close; i++) {
      const c = buf[i] as number;
      bits |= c;
      if (c < 32) {
        if (c !== 9 && c !== 10 && c !== 13) return -1;
        plain = false;
      }
    }
    if (this.over(start, close)) return -1;
    // CDATA holds no entities; line breaks are normalised as in any value.
    if (this.lazy && plain && close > start && buf[start] !== SPACE && buf[close - 1] !== SPACE) this.defer(slot, start, close, lt, (bits & 0x80) === 0);
    else this.records.setField(slot, finishValue(this.slice(start, close), plain), lt);
    if (plain && this.linePos === tagStart) this.linePos = lt + n + 3;
    return lt + n + 3;
  }

  private attributes(i: number, lt: number, name: string): number {
    const buf = this.buf;
    const len = buf.length;
    for (;;) {
      while (i < len && isSpace(buf[i] as number)) i++;
      if (i >= len) break;
      const c = buf[i] as number;
      if (c === GT) return i;
      if (c === SLASH) {
        if (i + 1 >= len) break;
        if (buf[i + 1] === GT) return i + 1;
        this.fail('malformed', `unexpected "/" in the tag <${clip(name)}>`, lt, { key: 'unexpectedSlashInTag', values: { name: clip(name) } });
      }
      if (!nameStartAt(buf, i)) this.fail('malformed', `malformed attribute in the tag <${clip(name)}>`, lt, { key: 'malformedAttribute', values: { name: clip(name) } });
      while (i < len && nameCharAt(buf, i)) i++;
      while (i < len && isSpace(buf[i] as number)) i++;
      if (i >= len) break;
      if (buf[i] !== EQUALS) this.fail('malformed', `attribute without a value in the tag <${clip(name)}>`, lt, { key: 'attributeWithoutValue', values: { name: clip(name) } });
      i++;
      while (i < len && isSpace(buf[i] as number)) i++;
      if (i >= len) break;
      const quote = buf[i] as number;
      if (quote !== DQUOTE && quote !== SQUOTE) this.fail('malformed', `attribute value without quotes in the tag <${clip(name)}>`, lt, { key: 'attributeWithoutQuotes', values: { name: clip(name) } });
      // One pass over the value. indexOf('&') from here would run to the next '&' of the buffer,
      // up to the whole chunk for every attribute of a feed without one (42% of a check, profiled).
      let close = i + 1;
      let lessThan = false;
      let amp = false;
      let control = -1;
      for (; close < len; close++) {
        const v = buf[close] as number;
        if (v === quote) break;
        if (v === LT) lessThan = true;
        else if (v === AMP) amp = true;
        else if (v < 32 && v !== 9 && v !== 10 && v !== 13 && control === -1) control = close;
      }
      if (close >= len) break;
      if (lessThan) this.fail('malformed', `"<" inside an attribute value of <${clip(name)}>`, lt, { key: 'lessThanInAttribute', values: { name: clip(name) } });
      if (control !== -1) this.control(control);
      if (amp) {
        const decoded = decodeXmlText(this.slice(i + 1, close));
        if (typeof decoded !== 'string') this.fail('malformed', decoded.error, lt, decoded.detail);
      }
      i = close + 1;
      const after = buf[i] as number;
      if (i < len && !isSpace(after) && after !== GT && after !== SLASH) this.fail('malformed', `attributes must be separated by spaces in <${clip(name)}>`, lt, { key: 'attributesNotSeparated', values: { name: clip(name) } });
    }
    this.incomplete(lt, 'tag');
    return -1;
  }

  private endTag(lt: number): number {
    const buf = this.buf;
    const gt = indexOfByte(buf, GT, lt + 2);
    if (gt === -1) {
      this.incomplete(lt, 'closingTag');
      return -1;
    }
    if (this.over(lt, gt)) this.records.tooLarge(lt, 'closingTag');
    let nameEnd = gt;
    while (nameEnd > lt + 2 && isSpace(buf[nameEnd - 1] as number)) nameEnd--;
    const records = this.records;
    if (records.depth === 0) {
      const name = clip(this.slice(lt + 2, nameEnd));
      this.fail('malformed', `closing tag </${name}> without an opening tag`, lt, { key: 'closingTagWithoutOpening', values: { name } });
    }
    const expected = this.nameBytes[records.depth - 1] as Uint8Array;
    const expectedName = records.names[records.depth - 1] as string;
    if (nameEnd - (lt + 2) !== expected.length || !bytesAt(buf, lt + 2, expected)) {
      // Different bytes can still decode to the same name (invalid UTF-8 becomes U+FFFD on both sides).
      const found = this.slice(lt + 2, nameEnd);
      if (found !== expectedName) {
        this.noControl(lt + 2, gt);
        this.fail('malformed', `found </${clip(found)}> where </${clip(expectedName)}> was expected`, lt, {
          key: 'mismatchedClosingTag',
          values: { found: clip(found), expected: clip(expectedName) },
        });
      }
    }
    records.close(lt);
    if (nameEnd === gt && this.linePos === lt) this.linePos = gt + 1;
    return gt + 1;
  }

  /** Index of the three bytes a, b, c at or after `from`, or -1. */
  private indexOf3(a: number, b: number, c: number, from: number): number {
    const buf = this.buf;
    let i = buf.indexOf(a, from);
    while (i !== -1 && i + 2 < buf.length) {
      if (buf[i + 1] === b && buf[i + 2] === c) return i;
      i = buf.indexOf(a, i + 1);
    }
    return -1;
  }

  private bang(lt: number): number {
    const buf = this.buf;
    if (this.unitsFrom(lt, 9) < 9 && !this.ended) return -1;
    if (buf[lt + 2] === DASH && buf[lt + 3] === DASH) {
      const close = this.indexOf3(DASH, DASH, GT, lt + 4);
      if (close === -1) {
        this.incomplete(lt, 'comment');
        return -1;
      }
      if (this.over(lt, close + 3)) this.records.tooLarge(lt, 'comment');
      this.noControl(lt + 4, close);
      return close + 3;
    }
    if (bytesAt(buf, lt, CDATA_OPEN)) {
      const close = this.indexOf3(RBRACKET, RBRACKET, GT, lt + 9);
      if (close === -1) {
        this.incomplete(lt, 'cdata');
        return -1;
      }
      if (this.records.depth === 0) this.fail('malformed', 'CDATA outside the root element', lt, { key: 'cdataOutsideRoot' });
      this.onText(lt + 9, close, true);
      return close + 3;
    }
    // Seven characters, as the text parser takes them (toUpperCase of some letters gives ASCII).
    const word = utf8.decode(buf.subarray(lt + 2, Math.min(buf.length, lt + 2 + 7 * 4))).slice(0, 7);
    this.records.declaration(word, this.unitsFrom(lt, 9) >= 9, lt);
  }

  private instruction(lt: number): number {
    const buf = this.buf;
    let close = buf.indexOf(QUESTION, lt + 2);
    while (close !== -1 && close + 1 < buf.length && buf[close + 1] !== GT) close = buf.indexOf(QUESTION, close + 1);
    if (close !== -1 && close + 1 >= buf.length) close = -1;
    if (close === -1) {
      this.incomplete(lt, 'processingInstruction');
      return -1;
    }
    if (this.over(lt, close + 2)) this.records.tooLarge(lt, 'processingInstruction');
    if (!nameStartAt(buf, lt + 2)) this.fail('malformed', 'a processing instruction without a target name', lt, { key: 'processingInstructionWithoutTarget' });
    this.noControl(lt + 2, close);
    return close + 2;
  }

  private finish(): void {
    this.records.finish(this.buf.length);
  }
}

/** XML record parser over the bytes of a UTF-8 feed (see ByteRecordParser). */
export const createXmlByteParser: ByteRecordParserFactory = (onOrder, options) => new XmlByteParser(onOrder, options.kind);
