/**
 * Streaming XML record parser: `<orders><order>...</order></orders>` (or leads/lead).
 *
 * A purpose-built tokenizer rather than a general SAX parser: it scans the chunk string with
 * indexOf/charCodeAt, slices only what it keeps (names, field text), and holds one order at a
 * time. It refuses what a feed never needs and an attacker wants: DOCTYPE and entity
 * declarations, any entity but the five predefined ones and numeric references, nesting past
 * FEED_LIMITS.maxDepth, and tokens past FEED_LIMITS.maxToken (checked before the token is
 * complete, so nothing accumulates past the cap). Every refusal is a FeedParseError with a line.
 */
import { ChunkedParser, clip, detach, FEED_LIMITS } from './parse/common';
import {
  FeedParseError,
  ORDER_FIELDS,
  PRODUCT_FIELDS,
  type FeedKind,
  type RawOrder,
  type RawProduct,
  type RecordParserFactory,
} from './types';

// What the element on top of the stack is; decides what a child element or text means.
// (Exported, like the tables and helpers below, for the byte tokenizer of xml-bytes.ts.)
export const ROOT = 1;
export const ORDER = 2;
export const FIELD = 3;
export const PRODUCTS = 4;
export const PRODUCT = 5;
export const PRODUCT_FIELD = 6;
/** An element the feed record does not know (or a child of a field): read for well-formedness, then ignored. */
export const SKIP = 7;

const LT = 60; // <
const GT = 62; // >
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const DQUOTE = 34;
const SQUOTE = 39;
const EQUALS = 61;

/**
 * The element names the engine knows, matched in place in the buffer (no name string is built
 * on the hot path) and referred to by id. Lookups go by exact name through these tables only:
 * an element called __proto__ or constructor is unknown and never becomes a key.
 */
export const KNOWN: readonly string[] = [...new Set(['orders', 'order', 'leads', 'lead', 'products', 'product', ...ORDER_FIELDS, ...PRODUCT_FIELDS])];
/**
 * Known id by (length, first character): no two known names share both (checked below), so a
 * name is matched by one table read and one startsWith.
 */
export const MAX_KNOWN_LENGTH = Math.max(...KNOWN.map((name) => name.length));
export const KNOWN_BY_SHAPE = new Int8Array((MAX_KNOWN_LENGTH + 1) * 128).fill(-1);
KNOWN.forEach((name, id) => {
  const slot = name.length * 128 + name.charCodeAt(0);
  if (name.charCodeAt(0) >= 128 || KNOWN_BY_SHAPE[slot] !== -1) throw new Error(`known element names clash: ${name}`);
  KNOWN_BY_SHAPE[slot] = id;
});
/** Known id -> index in ORDER_FIELDS / PRODUCT_FIELDS, or -1. */
export const ORDER_FIELD_OF = Int8Array.from(KNOWN, (name) => (ORDER_FIELDS as readonly string[]).indexOf(name));
export const PRODUCT_FIELD_OF = Int8Array.from(KNOWN, (name) => (PRODUCT_FIELDS as readonly string[]).indexOf(name));
export const ID_PRODUCTS = KNOWN.indexOf('products');
export const ID_PRODUCT = KNOWN.indexOf('product');

/** Id of the known name at buf[start, end), or -1. */
function knownId(buf: string, start: number, end: number): number {
  const length = end - start;
  if (length > MAX_KNOWN_LENGTH) return -1;
  const first = buf.charCodeAt(start);
  if (!(first < 128)) return -1;
  const id = KNOWN_BY_SHAPE[length * 128 + first] as number;
  return id !== -1 && buf.startsWith(KNOWN[id] as string, start) ? id : -1;
}

/** Named stores in a fixed order of code: keeps V8's inline caches monomorphic (a keyed store is several times slower). */
export function setOrderField(fields: RawOrder['fields'], index: number, value: string): void {
  switch (index) {
    case 0: fields.id ??= value; break;
    case 1: fields.date ??= value; break;
    case 2: fields.state ??= value; break;
    case 3: fields.price ??= value; break;
    case 4: fields.commission ??= value; break;
    case 5: fields.lastorderdate ??= value; break;
    case 6: fields.newclient ??= value; break;
    case 7: fields.iscallcenter ??= value; break;
    case 8: fields.stateupdatedate ??= value; break;
    case 9: fields.ordersource ??= value; break;
    case 10: fields.leadsource ??= value; break;
    case 11: fields.margin ??= value; break;
    case 12: fields.coupon ??= value; break;
    default: break;
  }
}

export function setProductField(fields: RawProduct['fields'], index: number, value: string): void {
  switch (index) {
    case 0: fields.id ??= value; break;
    case 1: fields.category ??= value; break;
    case 2: fields.price ??= value; break;
    case 3: fields.quantity ??= value; break;
    default: break;
  }
}

export const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;

export function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || c >= 0xc0;
}
export function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46 || c === 0xb7;
}

/**
 * Index of the first C0 control character in text[from, to) (XML 1.0 allows only tab, LF and
 * CR), or -1. Called on the paths that are not hot: simpleField checks its values in its own loop.
 */
function controlAt(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) return i;
  }
  return -1;
}

/** XML 1.0 Char production: what a numeric character reference may produce. */
function isXmlChar(cp: number): boolean {
  return cp === 9 || cp === 10 || cp === 13 || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

const PREDEFINED: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }),
);

/** Decodes the five predefined entities and numeric references; returns an error message for anything else. */
export function decodeXmlText(text: string): string | { error: string } {
  let amp = text.indexOf('&');
  if (amp === -1) return text;
  let out = '';
  let from = 0;
  while (amp !== -1) {
    const semi = text.indexOf(';', amp + 1);
    // The longest valid reference is &#x10FFFF; (10 characters).
    if (semi === -1 || semi - amp > 10) return { error: 'an "&" that does not start an entity reference (write &amp;)' };
    const name = text.slice(amp + 1, semi);
    let decoded = PREDEFINED[name];
    if (decoded === undefined) {
      if (name.charCodeAt(0) !== 35 /* # */) {
        return { error: `unknown entity &${clip(name)}; (only &lt; &gt; &amp; &quot; &apos; and numeric references are accepted)` };
      }
      const hex = name.charCodeAt(1) === 120; /* x */
      const digits = name.slice(hex ? 2 : 1);
      const cp = digits.length > 0 && (hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits) ? Number.parseInt(digits, hex ? 16 : 10) : Number.NaN;
      if (!isXmlChar(cp)) return { error: `invalid character reference &${clip(name)};` };
      decoded = String.fromCodePoint(cp);
    }
    out += text.slice(from, amp) + decoded;
    from = semi + 1;
    amp = text.indexOf('&', from);
  }
  return out + text.slice(from);
}

/** Field text as handed to the rules: CRLF normalised (as XML requires), trimmed, detached from the chunk. */
export function finishValue(text: string, noCr = false): string {
  if (text.length === 0) return text;
  let value = noCr || text.indexOf('\r') === -1 ? text : text.replace(/\r\n?/g, '\n');
  // trim() only when an end is blank: most values are not.
  if (isSpace(value.charCodeAt(0)) || isSpace(value.charCodeAt(value.length - 1))) value = value.trim();
  return detach(value);
}

class XmlRecordParser extends ChunkedParser {
  private readonly rootName: string;
  private readonly recordName: string;

  /** Unconsumed input; `pos` is where scanning resumes. */
  private buf = '';
  private pos = 0;

  // Lines are counted lazily, only up to the positions that need one (an order, a product, an
  // error). linePos is how far they are counted: while it keeps up with the scanner (the usual
  // case), scan() counts the line breaks of the blanks it skips and the fast paths move it past
  // tags and values known to hold none, so lineAt has nothing left to search.
  private linePos = 0;
  private lineNo = 1;
  /** Next '\n' at or after linePos in buf, -1 when none, -2 when not looked up yet. */
  private nextNewline = -2;

  private readonly names: string[] = [];
  private readonly roles: number[] = [];
  private depth = 0;
  private rootSeen = false;
  private rootClosed = false;

  private order: RawOrder | undefined;
  private product: RawProduct | undefined;
  /** Text of the field element being read; the cap applies to the decoded total too. */
  private text = '';
  /** Characters of values kept for the current order (FEED_LIMITS.maxOrderChars). */
  private orderChars = 0;
  /** Index (in ORDER_FIELDS or PRODUCT_FIELDS) of the field element being read on the general path. */
  private fieldIndex = -1;

  constructor(
    private readonly onOrder: (order: RawOrder) => void,
    kind: FeedKind,
  ) {
    super();
    this.rootName = kind === 'order' ? 'orders' : 'leads';
    this.recordName = kind === 'order' ? 'order' : 'lead';
  }

  protected override feed(chunk: string): void {
    if (this.pos >= this.buf.length) {
      this.lineAt(this.buf.length);
      this.buf = chunk;
    } else {
      this.lineAt(this.pos);
      // join, not '+': '+' makes a rope that every charCodeAt then has to look through.
      this.buf = [this.buf.slice(this.pos), chunk].join('');
    }
    this.pos = 0;
    this.linePos = 0;
    this.nextNewline = -2;
    this.scan();
  }

  /** 1-based line of buf position p (p never goes backwards). */
  private lineAt(p: number): number {
    const buf = this.buf;
    let nl = this.nextNewline;
    if (nl === -2 || (nl !== -1 && nl < this.linePos)) nl = buf.indexOf('\n', this.linePos);
    while (nl !== -1 && nl < p) {
      this.lineNo++;
      nl = buf.indexOf('\n', nl + 1);
    }
    this.nextNewline = nl;
    if (p > this.linePos) this.linePos = p;
    return this.lineNo;
  }

  private fail(code: ConstructorParameters<typeof FeedParseError>[0], message: string, at: number): never {
    throw new FeedParseError(code, message, this.lineAt(at));
  }

  /** A token starting at `start` is not complete in the buffer: refuse it if already too large, else wait (or fail at the end). */
  private incomplete(start: number, what: string): void {
    if (this.buf.length - start > FEED_LIMITS.maxToken) this.tooLarge(start, what);
    if (this.ended) this.fail('truncated', `the feed ends inside ${what}`, start);
  }

  /** Refuses a control character found at buf[at]. */
  private control(at: number): never {
    const hex = this.buf.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0');
    this.fail('malformed', `a control character (U+${hex}) is not allowed in XML (only tab, line feed and carriage return are)`, at);
  }

  /** Refuses the first control character of buf[from, to), if any. */
  private noControl(from: number, to: number): void {
    const at = controlAt(this.buf, from, to);
    if (at !== -1) this.control(at);
  }

  private tooLarge(start: number, what: string): never {
    this.fail('token-too-large', `${what} is longer than ${FEED_LIMITS.maxToken} characters`, start);
  }

  protected override scan(): void {
    const buf = this.buf;
    const len = buf.length;
    let pos = this.pos;
    while (pos < len) {
      // Whitespace between elements is skipped in place: cheaper than a search plus a text call.
      let lt = pos;
      // Lines are counted on the way when everything before pos is counted already (see lineAt).
      let lines = 0;
      for (; lt < len; lt++) {
        const c = buf.charCodeAt(lt);
        if (c === 10) lines++;
        else if (c !== 32 && c !== 9 && c !== 13) break;
      }
      if (lt < len && buf.charCodeAt(lt) === LT) {
        if (this.linePos === pos) {
          this.lineNo += lines;
          this.linePos = lt;
        }
        if (lt !== pos && this.collecting()) this.onText(pos, lt, false);
      } else {
        lt = buf.indexOf('<', lt);
        if (lt === -1) {
          // Text runs to the end of what we have: it may go on in the next chunk.
          if (!this.ended) {
            if (len - pos > FEED_LIMITS.maxToken) this.tooLarge(pos, 'a text node');
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
        this.incomplete(lt, 'a tag');
        break;
      }
      const c = buf.charCodeAt(lt + 1);
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

  /** True inside a field element, where all text (blank too) is part of the value. */
  private collecting(): boolean {
    if (this.depth === 0) return false;
    const role = this.roles[this.depth - 1];
    return role === FIELD || role === PRODUCT_FIELD;
  }

  /** Text between markup (or CDATA content when cdata is true). */
  private onText(start: number, end: number, cdata: boolean): void {
    if (end - start > FEED_LIMITS.maxToken) this.tooLarge(start, cdata ? 'a CDATA section' : 'a text node');
    const role = this.depth === 0 ? 0 : (this.roles[this.depth - 1] as number);
    const collect = role === FIELD || role === PRODUCT_FIELD;
    // Whitespace between elements is most of the text: judged in place, never sliced.
    if (!collect && isBlankRange(this.buf, start, end)) return;
    this.noControl(start, end);
    const raw = this.buf.slice(start, end);
    let value = raw;
    if (!cdata && raw.indexOf('&') !== -1) {
      const decoded = decodeXmlText(raw);
      if (typeof decoded !== 'string') this.fail('malformed', decoded.error, start + raw.indexOf('&'));
      value = decoded;
    }
    if (collect) {
      if (this.text.length + value.length > FEED_LIMITS.maxToken) this.tooLarge(start, `the value of <${this.names[this.depth - 1]}>`);
      this.text = this.text.length === 0 ? value : this.text + value;
      return;
    }
    if (this.depth === 0) this.fail('malformed', `text outside the root element <${this.rootName}>`, start);
    if (role === PRODUCTS || role === PRODUCT) this.problem(`text directly inside <${role === PRODUCTS ? 'products' : 'product'}>`);
  }

  private startTag(lt: number): number {
    const buf = this.buf;
    const gt = buf.indexOf('>', lt + 1);
    if (gt === -1) {
      this.incomplete(lt, 'a tag');
      return -1;
    }
    // Size first, as the chunked path would (it refuses a pending tag past the cap before reading it).
    if (gt - lt > FEED_LIMITS.maxToken) this.tooLarge(lt, 'a tag');
    // Fast path: a known name right up to '>' (no attributes, not self-closing). Native
    // searches beat character loops here: measured.
    let id = knownId(buf, lt + 1, gt);
    // The tag is just a known name: it has no line break in it.
    const direct = id !== -1;
    let name: string;
    let end = gt;
    let selfClosing = false;
    if (id !== -1) name = KNOWN[id] as string;
    else {
      this.noControl(lt + 1, gt);
      let i = lt + 1;
      if (!isNameStart(buf.charCodeAt(i))) this.fail('malformed', 'a "<" that does not start a tag (write &lt; in text)', lt);
      i++;
      while (i < gt && isNameChar(buf.charCodeAt(i))) i++;
      id = knownId(buf, lt + 1, i);
      name = id !== -1 ? (KNOWN[id] as string) : buf.slice(lt + 1, i);
      if (i < gt) {
        const c = buf.charCodeAt(i);
        if (!isSpace(c) && c !== SLASH) this.fail('malformed', `unexpected character in the tag <${clip(name)}>`, lt);
        // Attributes are read (a quoted value may hold '>') but not used.
        end = this.attributes(i, lt, name);
        if (end === -1) return -1;
        if (end - lt > FEED_LIMITS.maxToken) this.tooLarge(lt, 'a tag');
      }
      selfClosing = buf.charCodeAt(end - 1) === SLASH && end - 1 >= i;
    }
    if (!selfClosing && id !== -1 && this.depth > 0) {
      const next = this.simpleField(id, name, direct ? lt : -1, end + 1);
      if (next !== -1) return next;
    }
    this.open(id, name, lt);
    // A known name up to '>' has no line break in it: the lines stay counted.
    if (direct && this.linePos === lt) this.linePos = gt + 1;
    if (selfClosing) this.close(lt);
    return end + 1;
  }

  /**
   * Fast path for the common `<price>12.5</price>`: a field whose closing tag follows its text
   * directly is read in one step. Returns -1 to leave anything else (a comment or CDATA inside,
   * a closing tag not in the buffer yet) to the general path, which gives the same result.
   */
  private simpleField(id: number, name: string, tagStart: number, valueStart: number): number {
    const parent = this.roles[this.depth - 1];
    let index = -1;
    if (parent === ORDER) index = ORDER_FIELD_OF[id] as number;
    else if (parent === PRODUCT) index = PRODUCT_FIELD_OF[id] as number;
    if (index === -1) return -1;
    const buf = this.buf;
    const len = buf.length;
    // One pass to the next '<' (values are short: a loop beats indexOf plus a second pass),
    // noting '&' and control characters on the way: without '\r' or '\n' (nearly always) the
    // value needs no line-break normalisation and the lines stay counted (tagStart is -1 when
    // the opening tag may hold a line break: attributes).
    let plain = true;
    let amp = false;
    let control = -1;
    let lt = valueStart;
    for (; lt < len; lt++) {
      const c = buf.charCodeAt(lt);
      if (c === LT) break;
      if (c < 32) {
        if (c !== 9 && c !== 10 && c !== 13 && control === -1) control = lt;
        plain = false;
      } else if (c === 38) amp = true; // '&'
    }
    if (lt >= len || buf.charCodeAt(lt + 1) !== SLASH || buf.charCodeAt(lt + 2 + name.length) !== GT || !buf.startsWith(name, lt + 2)) return -1;
    // The same checks, in the same order, as onText on the general path.
    if (lt - valueStart > FEED_LIMITS.maxToken) this.tooLarge(valueStart, 'a text node');
    if (control !== -1) this.control(control);
    let value = buf.slice(valueStart, lt);
    if (amp) {
      const decoded = decodeXmlText(value);
      if (typeof decoded !== 'string') this.fail('malformed', decoded.error, valueStart + value.indexOf('&'));
      value = decoded;
    }
    // A character reference may produce a '\r' (but no line break in the source).
    const noCr = plain && !amp;
    // Counted at the closing tag, as close() does on the general path (same line in an error).
    if (parent === ORDER) setOrderField((this.order as RawOrder).fields, index, this.keep(finishValue(value, noCr), lt));
    else setProductField((this.product as RawProduct).fields, index, this.keep(finishValue(value, noCr), lt));
    if (plain && this.linePos === tagStart) this.linePos = lt + name.length + 3;
    return lt + name.length + 3;
  }

  /** Reads attributes from i; returns the index of the tag's '>' or -1 when the tag is not complete yet. */
  private attributes(i: number, lt: number, name: string): number {
    const buf = this.buf;
    const len = buf.length;
    for (;;) {
      while (i < len && isSpace(buf.charCodeAt(i))) i++;
      if (i >= len) break;
      const c = buf.charCodeAt(i);
      if (c === GT) return i;
      if (c === SLASH) {
        if (i + 1 >= len) break;
        if (buf.charCodeAt(i + 1) === GT) return i + 1;
        this.fail('malformed', `unexpected "/" in the tag <${clip(name)}>`, lt);
      }
      if (!isNameStart(c)) this.fail('malformed', `malformed attribute in the tag <${clip(name)}>`, lt);
      while (i < len && isNameChar(buf.charCodeAt(i))) i++;
      while (i < len && isSpace(buf.charCodeAt(i))) i++;
      if (i >= len) break;
      if (buf.charCodeAt(i) !== EQUALS) this.fail('malformed', `attribute without a value in the tag <${clip(name)}>`, lt);
      i++;
      while (i < len && isSpace(buf.charCodeAt(i))) i++;
      if (i >= len) break;
      const quote = buf.charCodeAt(i);
      if (quote !== DQUOTE && quote !== SQUOTE) this.fail('malformed', `attribute value without quotes in the tag <${clip(name)}>`, lt);
      const close = buf.indexOf(quote === DQUOTE ? '"' : "'", i + 1);
      if (close === -1) break;
      const lessThan = buf.indexOf('<', i + 1);
      if (lessThan !== -1 && lessThan < close) this.fail('malformed', `"<" inside an attribute value of <${clip(name)}>`, lt);
      this.noControl(i + 1, close);
      const value = buf.slice(i + 1, close);
      if (value.indexOf('&') !== -1) {
        const decoded = decodeXmlText(value);
        if (typeof decoded !== 'string') this.fail('malformed', decoded.error, lt);
      }
      i = close + 1;
      const after = buf.charCodeAt(i);
      if (i < len && !isSpace(after) && after !== GT && after !== SLASH) this.fail('malformed', `attributes must be separated by spaces in <${clip(name)}>`, lt);
    }
    this.incomplete(lt, 'a tag');
    return -1;
  }

  private endTag(lt: number): number {
    const buf = this.buf;
    const gt = buf.indexOf('>', lt + 2);
    if (gt === -1) {
      this.incomplete(lt, 'a closing tag');
      return -1;
    }
    if (gt - lt > FEED_LIMITS.maxToken) this.tooLarge(lt, 'a closing tag');
    let nameEnd = gt;
    while (nameEnd > lt + 2 && isSpace(buf.charCodeAt(nameEnd - 1))) nameEnd--;
    if (this.depth === 0) this.fail('malformed', `closing tag </${clip(buf.slice(lt + 2, nameEnd))}> without an opening tag`, lt);
    const expected = this.names[this.depth - 1] as string;
    // Compare in place: no slice on the hot path.
    if (nameEnd - (lt + 2) !== expected.length || !buf.startsWith(expected, lt + 2)) {
      this.noControl(lt + 2, gt);
      this.fail('malformed', `found </${clip(buf.slice(lt + 2, nameEnd))}> where </${clip(expected)}> was expected`, lt);
    }
    this.close(lt);
    // `</name>` has no line break in it: the lines stay counted.
    if (nameEnd === gt && this.linePos === lt) this.linePos = gt + 1;
    return gt + 1;
  }

  /** <!-- comment -->, <![CDATA[...]]>, or a refused declaration. */
  private bang(lt: number): number {
    const buf = this.buf;
    // Wait for enough characters to tell the alternatives apart, so chunking never changes the verdict.
    if (buf.length - lt < 9 && !this.ended) return -1;
    if (buf.startsWith('<!--', lt)) {
      const close = buf.indexOf('-->', lt + 4);
      if (close === -1) {
        this.incomplete(lt, 'a comment');
        return -1;
      }
      if (close + 3 - lt > FEED_LIMITS.maxToken) this.tooLarge(lt, 'a comment');
      this.noControl(lt + 4, close);
      return close + 3;
    }
    if (buf.startsWith('<![CDATA[', lt)) {
      const close = buf.indexOf(']]>', lt + 9);
      if (close === -1) {
        this.incomplete(lt, 'a CDATA section');
        return -1;
      }
      if (this.depth === 0) this.fail('malformed', 'CDATA outside the root element', lt);
      this.onText(lt + 9, close, true);
      return close + 3;
    }
    const word = buf.slice(lt + 2, lt + 9).toUpperCase();
    if (word.startsWith('DOCTYPE') || word.startsWith('ENTITY') || word.startsWith('ELEMENT') || word.startsWith('ATTLIST')) {
      this.fail('doctype', 'DOCTYPE and entity declarations are refused (they allow XXE and entity-expansion attacks): remove the <!DOCTYPE ...> part', lt);
    }
    if (buf.length - lt < 9) this.fail('truncated', 'the feed ends inside a declaration', lt);
    this.fail('malformed', 'a "<!" that starts neither a comment nor CDATA', lt);
  }

  /** <?xml ...?> declaration or another processing instruction: skipped. */
  private instruction(lt: number): number {
    const close = this.buf.indexOf('?>', lt + 2);
    if (close === -1) {
      this.incomplete(lt, 'a processing instruction');
      return -1;
    }
    if (close + 2 - lt > FEED_LIMITS.maxToken) this.tooLarge(lt, 'a processing instruction');
    if (!isNameStart(this.buf.charCodeAt(lt + 2))) this.fail('malformed', 'a processing instruction without a target name', lt);
    this.noControl(lt + 2, close);
    return close + 2;
  }

  private open(id: number, name: string, at: number): void {
    const depth = this.depth;
    if (depth >= FEED_LIMITS.maxDepth) this.fail('too-deep', `elements nested deeper than ${FEED_LIMITS.maxDepth} levels`, at);
    let role: number;
    if (depth === 0) {
      if (this.rootClosed) this.fail('malformed', `a second root element <${clip(name)}> after </${this.rootName}>`, at);
      if (name !== this.rootName) {
        const kind = this.rootName === 'orders' ? 'an order feed' : 'a lead feed';
        this.fail('wrong-root', `${kind} must start with <${this.rootName}> (with <${this.recordName}> records), found <${clip(name)}>`, at);
      }
      this.rootSeen = true;
      role = ROOT;
    } else {
      const parent = this.roles[depth - 1] as number;
      if (parent === ROOT) {
        if (name === this.recordName && id !== -1) {
          this.order = { line: this.lineAt(at), fields: {}, products: null };
          this.orderChars = 0;
          role = ORDER;
        } else role = SKIP;
      } else if (parent === ORDER) {
        if (id === ID_PRODUCTS) {
          const order = this.order as RawOrder;
          order.products ??= [];
          role = PRODUCTS;
        } else if (id !== -1 && ORDER_FIELD_OF[id] !== -1) {
          this.text = '';
          this.fieldIndex = ORDER_FIELD_OF[id] as number;
          role = FIELD;
        } else role = SKIP;
      } else if (parent === PRODUCTS) {
        if (id === ID_PRODUCT) {
          this.product = { fields: {}, line: this.lineAt(at) };
          role = PRODUCT;
        } else {
          this.problem(`unknown element <${clip(name)}> inside <products>`);
          role = SKIP;
        }
      } else if (parent === PRODUCT) {
        if (id !== -1 && PRODUCT_FIELD_OF[id] !== -1) {
          this.text = '';
          this.fieldIndex = PRODUCT_FIELD_OF[id] as number;
          role = PRODUCT_FIELD;
        } else {
          this.problem(`unknown element <${clip(name)}> inside <product>`);
          role = SKIP;
        }
      } else role = SKIP;
    }
    this.names[depth] = name;
    this.roles[depth] = role;
    this.depth = depth + 1;
  }

  private close(at: number): void {
    const depth = this.depth - 1;
    const role = this.roles[depth] as number;
    this.depth = depth;
    switch (role) {
      case FIELD:
        // A repeated field keeps its first value (the setters never overwrite).
        setOrderField((this.order as RawOrder).fields, this.fieldIndex, this.keep(finishValue(this.text), at));
        this.text = '';
        break;
      case PRODUCT_FIELD:
        setProductField((this.product as RawProduct).fields, this.fieldIndex, this.keep(finishValue(this.text), at));
        this.text = '';
        break;
      case PRODUCT: {
        const products = (this.order as RawOrder).products as RawProduct[];
        if (products.length >= FEED_LIMITS.maxProductsPerOrder) {
          this.fail('token-too-large', `an order with more than ${FEED_LIMITS.maxProductsPerOrder} products`, at);
        }
        products.push(this.product as RawProduct);
        this.product = undefined;
        break;
      }
      case ORDER: {
        const order = this.order as RawOrder;
        this.order = undefined;
        this.onOrder(order);
        break;
      }
      case ROOT:
        this.rootClosed = true;
        break;
      default:
        break;
    }
  }

  /** Counts a value into its order's budget, so one order stays bounded however many products it has. */
  private keep(value: string, at: number): string {
    this.orderChars += value.length;
    if (this.orderChars > FEED_LIMITS.maxOrderChars) this.fail('token-too-large', `an order whose values exceed ${FEED_LIMITS.maxOrderChars} characters`, at);
    return value;
  }

  private problem(message: string): void {
    const order = this.order;
    if (order && order.productsProblem === undefined) order.productsProblem = message;
  }

  protected override finish(): void {
    if (this.depth > 0) {
      this.fail('truncated', `the feed ends inside <${clip(this.names[this.depth - 1] as string)}> (missing closing tags)`, this.buf.length);
    }
    if (!this.rootSeen) this.fail('truncated', `no root element <${this.rootName}> found`, this.buf.length);
  }
}

function isBlankRange(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}

/** XML record parser factory (the RecordParserFactory contract of types.ts). */
export const createXmlParser: RecordParserFactory = (onOrder, options) => new XmlRecordParser(onOrder, options.kind);
