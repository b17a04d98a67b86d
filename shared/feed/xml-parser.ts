/**
 * Streaming XML record parser: `<orders><order>...</order></orders>` (or leads/lead).
 *
 * A purpose-built tokenizer rather than a general SAX parser: it scans the chunk string with
 * indexOf/charCodeAt, slices only what it keeps (names, field text), and holds one order at a
 * time. It refuses what a feed never needs and an attacker wants: DOCTYPE and entity
 * declarations, any entity but the five predefined ones and numeric references, nesting past
 * FEED_LIMITS.maxDepth, and tokens past FEED_LIMITS.maxToken (checked before the token is
 * complete, so nothing accumulates past the cap). Every refusal is a FeedParseError with a line.
 *
 * What the elements mean (roles, orders, products, budgets, end checks) is parse/xml-records.ts,
 * shared with the byte tokenizer of xml-bytes.ts: this file only reads the text.
 */
import { ChunkedParser, clip, FEED_LIMITS } from './parse/common';
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
  SLASH,
  SQUOTE,
  XmlRecords,
  type XmlLines,
  type XmlToken,
} from './parse/xml-records';
import { FeedParseError, type FeedErrorDetail, type FeedKind, type RawOrder, type RecordParserFactory } from './types';

/** Id of the known name at buf[start, end), or -1. */
function knownId(buf: string, start: number, end: number): number {
  const length = end - start;
  if (length > MAX_KNOWN_LENGTH) return -1;
  const first = buf.charCodeAt(start);
  if (!(first < 128)) return -1;
  const id = KNOWN_BY_SHAPE[length * 128 + first] as number;
  return id !== -1 && buf.startsWith(KNOWN[id] as string, start) ? id : -1;
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

class XmlRecordParser extends ChunkedParser implements XmlLines {
  private readonly records: XmlRecords;

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

  constructor(onOrder: (order: RawOrder) => void, kind: FeedKind) {
    super();
    this.records = new XmlRecords(onOrder, kind, this);
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

  /** Nothing is deferred here: every value is sliced from the chunk's text when read. */
  settle(): void {}

  /** 1-based line of buf position p (p never goes backwards). */
  lineAt(p: number): number {
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

  private fail(code: ConstructorParameters<typeof FeedParseError>[0], message: string, at: number, detail: FeedErrorDetail): never {
    throw new FeedParseError(code, message, this.lineAt(at), detail);
  }

  /** A token starting at `start` is not complete in the buffer: refuse it if already too large, else wait (or fail at the end). */
  private incomplete(start: number, token: Exclude<XmlToken, 'text'>): void {
    if (this.buf.length - start > FEED_LIMITS.maxToken) this.records.tooLarge(start, token);
    if (this.ended) this.records.endsInside(start, token);
  }

  /** Refuses a control character found at buf[at]. */
  private control(at: number): never {
    this.records.control(this.buf.charCodeAt(at), at);
  }

  /** Refuses the first control character of buf[from, to), if any. */
  private noControl(from: number, to: number): void {
    const at = controlAt(this.buf, from, to);
    if (at !== -1) this.control(at);
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
        if (lt !== pos && this.records.collecting()) this.onText(pos, lt, false);
      } else {
        lt = buf.indexOf('<', lt);
        if (lt === -1) {
          // Text runs to the end of what we have: it may go on in the next chunk.
          if (!this.ended) {
            if (len - pos > FEED_LIMITS.maxToken) this.records.tooLarge(pos, 'text');
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

  /** Text between markup (or CDATA content when cdata is true). */
  private onText(start: number, end: number, cdata: boolean): void {
    if (end - start > FEED_LIMITS.maxToken) this.records.tooLarge(start, cdata ? 'cdata' : 'text');
    const role = this.records.role();
    // Whitespace between elements is most of the text: judged in place, never sliced.
    if (role !== FIELD && role !== PRODUCT_FIELD && isBlankRange(this.buf, start, end)) return;
    this.noControl(start, end);
    const raw = this.buf.slice(start, end);
    let value = raw;
    if (!cdata && raw.indexOf('&') !== -1) {
      const decoded = decodeXmlText(raw);
      if (typeof decoded !== 'string') this.fail('malformed', decoded.error, start + raw.indexOf('&'), decoded.detail);
      value = decoded;
    }
    this.records.addText(value, start, role);
  }

  private startTag(lt: number): number {
    const buf = this.buf;
    const gt = buf.indexOf('>', lt + 1);
    if (gt === -1) {
      this.incomplete(lt, 'tag');
      return -1;
    }
    // Size first, as the chunked path would (it refuses a pending tag past the cap before reading it).
    if (gt - lt > FEED_LIMITS.maxToken) this.records.tooLarge(lt, 'tag');
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
      if (!isNameStart(buf.charCodeAt(i))) this.fail('malformed', 'a "<" that does not start a tag (write &lt; in text)', lt, { key: 'lessThanNotTag' });
      i++;
      while (i < gt && isNameChar(buf.charCodeAt(i))) i++;
      id = knownId(buf, lt + 1, i);
      name = id !== -1 ? (KNOWN[id] as string) : buf.slice(lt + 1, i);
      if (i < gt) {
        const c = buf.charCodeAt(i);
        if (!isSpace(c) && c !== SLASH) this.fail('malformed', `unexpected character in the tag <${clip(name)}>`, lt, { key: 'unexpectedCharacterInTag', values: { name: clip(name) } });
        // Attributes are read (a quoted value may hold '>') but not used.
        end = this.attributes(i, lt, name);
        if (end === -1) return -1;
        if (end - lt > FEED_LIMITS.maxToken) this.records.tooLarge(lt, 'tag');
      }
      selfClosing = buf.charCodeAt(end - 1) === SLASH && end - 1 >= i;
    }
    if (!selfClosing && id !== -1 && this.records.depth > 0) {
      const next = this.simpleField(id, name, direct ? lt : -1, end + 1);
      if (next !== -1) return next;
    }
    this.records.open(id, name, lt);
    // A known name up to '>' has no line break in it: the lines stay counted.
    if (direct && this.linePos === lt) this.linePos = gt + 1;
    if (selfClosing) this.records.close(lt);
    return end + 1;
  }

  /**
   * Fast path for the common `<price>12.5</price>`: a field whose closing tag follows its text
   * directly is read in one step. Returns -1 to leave anything else (a comment or CDATA inside,
   * a closing tag not in the buffer yet) to the general path, which gives the same result.
   */
  private simpleField(id: number, name: string, tagStart: number, valueStart: number): number {
    const slot = this.records.fieldSlot(id);
    if (slot === -1) return -1;
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
    if (lt - valueStart > FEED_LIMITS.maxToken) this.records.tooLarge(valueStart, 'text');
    if (control !== -1) this.control(control);
    let value = buf.slice(valueStart, lt);
    if (amp) {
      const decoded = decodeXmlText(value);
      if (typeof decoded !== 'string') this.fail('malformed', decoded.error, valueStart + value.indexOf('&'), decoded.detail);
      value = decoded;
    }
    // A character reference may produce a '\r' (but no line break in the source).
    const noCr = plain && !amp;
    // Counted at the closing tag, as close() does on the general path (same line in an error).
    this.records.setField(slot, finishValue(value, noCr), lt);
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
        this.fail('malformed', `unexpected "/" in the tag <${clip(name)}>`, lt, { key: 'unexpectedSlashInTag', values: { name: clip(name) } });
      }
      if (!isNameStart(c)) this.fail('malformed', `malformed attribute in the tag <${clip(name)}>`, lt, { key: 'malformedAttribute', values: { name: clip(name) } });
      while (i < len && isNameChar(buf.charCodeAt(i))) i++;
      while (i < len && isSpace(buf.charCodeAt(i))) i++;
      if (i >= len) break;
      if (buf.charCodeAt(i) !== EQUALS) this.fail('malformed', `attribute without a value in the tag <${clip(name)}>`, lt, { key: 'attributeWithoutValue', values: { name: clip(name) } });
      i++;
      while (i < len && isSpace(buf.charCodeAt(i))) i++;
      if (i >= len) break;
      const quote = buf.charCodeAt(i);
      if (quote !== DQUOTE && quote !== SQUOTE) this.fail('malformed', `attribute value without quotes in the tag <${clip(name)}>`, lt, { key: 'attributeWithoutQuotes', values: { name: clip(name) } });
      const close = buf.indexOf(quote === DQUOTE ? '"' : "'", i + 1);
      if (close === -1) break;
      const lessThan = buf.indexOf('<', i + 1);
      if (lessThan !== -1 && lessThan < close) this.fail('malformed', `"<" inside an attribute value of <${clip(name)}>`, lt, { key: 'lessThanInAttribute', values: { name: clip(name) } });
      this.noControl(i + 1, close);
      const value = buf.slice(i + 1, close);
      if (value.indexOf('&') !== -1) {
        const decoded = decodeXmlText(value);
        if (typeof decoded !== 'string') this.fail('malformed', decoded.error, lt, decoded.detail);
      }
      i = close + 1;
      const after = buf.charCodeAt(i);
      if (i < len && !isSpace(after) && after !== GT && after !== SLASH) this.fail('malformed', `attributes must be separated by spaces in <${clip(name)}>`, lt, { key: 'attributesNotSeparated', values: { name: clip(name) } });
    }
    this.incomplete(lt, 'tag');
    return -1;
  }

  private endTag(lt: number): number {
    const buf = this.buf;
    const gt = buf.indexOf('>', lt + 2);
    if (gt === -1) {
      this.incomplete(lt, 'closingTag');
      return -1;
    }
    if (gt - lt > FEED_LIMITS.maxToken) this.records.tooLarge(lt, 'closingTag');
    let nameEnd = gt;
    while (nameEnd > lt + 2 && isSpace(buf.charCodeAt(nameEnd - 1))) nameEnd--;
    const records = this.records;
    if (records.depth === 0) {
      const name = clip(buf.slice(lt + 2, nameEnd));
      this.fail('malformed', `closing tag </${name}> without an opening tag`, lt, { key: 'closingTagWithoutOpening', values: { name } });
    }
    const expected = records.names[records.depth - 1] as string;
    // Compare in place: no slice on the hot path.
    if (nameEnd - (lt + 2) !== expected.length || !buf.startsWith(expected, lt + 2)) {
      this.noControl(lt + 2, gt);
      const found = clip(buf.slice(lt + 2, nameEnd));
      this.fail('malformed', `found </${found}> where </${clip(expected)}> was expected`, lt, { key: 'mismatchedClosingTag', values: { found, expected: clip(expected) } });
    }
    records.close(lt);
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
        this.incomplete(lt, 'comment');
        return -1;
      }
      if (close + 3 - lt > FEED_LIMITS.maxToken) this.records.tooLarge(lt, 'comment');
      this.noControl(lt + 4, close);
      return close + 3;
    }
    if (buf.startsWith('<![CDATA[', lt)) {
      const close = buf.indexOf(']]>', lt + 9);
      if (close === -1) {
        this.incomplete(lt, 'cdata');
        return -1;
      }
      if (this.records.depth === 0) this.fail('malformed', 'CDATA outside the root element', lt, { key: 'cdataOutsideRoot' });
      this.onText(lt + 9, close, true);
      return close + 3;
    }
    this.records.declaration(buf.slice(lt + 2, lt + 9), buf.length - lt >= 9, lt);
  }

  /** <?xml ...?> declaration or another processing instruction: skipped. */
  private instruction(lt: number): number {
    const close = this.buf.indexOf('?>', lt + 2);
    if (close === -1) {
      this.incomplete(lt, 'processingInstruction');
      return -1;
    }
    if (close + 2 - lt > FEED_LIMITS.maxToken) this.records.tooLarge(lt, 'processingInstruction');
    if (!isNameStart(this.buf.charCodeAt(lt + 2))) this.fail('malformed', 'a processing instruction without a target name', lt, { key: 'processingInstructionWithoutTarget' });
    this.noControl(lt + 2, close);
    return close + 2;
  }

  protected override finish(): void {
    this.records.finish(this.buf.length);
  }
}

function isBlankRange(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}

/** XML record parser factory (the RecordParserFactory contract of types.ts). */
export const createXmlParser: RecordParserFactory = (onOrder, options) => new XmlRecordParser(onOrder, options.kind);
