/**
 * Pieces shared by the XML and CSV record parsers: limits, the input gate (BOM, binary and
 * empty detection) and small string helpers. Pure TypeScript: no Node or browser API.
 */
import { FeedParseError, type RecordParser } from '../types';

/** Every bound of the engine, so nothing a feed sends can make memory or time unbounded. */
export const FEED_LIMITS = {
  /** Longest XML token (text node, tag, comment, CDATA, PI) and longest CSV field, in UTF-16 units. */
  maxToken: 1024 * 1024,
  /** Longest CSV record (one row, quoted newlines included). */
  maxCsvRecord: 4 * 1024 * 1024,
  /** Deepest XML element nesting (orders > order > products > product > id is 5). */
  maxDepth: 32,
  /** Products kept for one order: the engine holds one order at a time, so one order is bounded too. */
  maxProductsPerOrder: 100_000,
  /** Characters of values kept for one order (its fields and its products'). */
  maxOrderChars: 16 * 1024 * 1024,
  /** How much of the start of the input is looked at to recognise a binary file. */
  sniffLength: 1024,
} as const;

const NUL = 0;
const TAB = 9;
const LF = 10;
const FF = 12;
const CR = 13;
const DEL = 0x7f;
const REPLACEMENT = 0xfffd;

/**
 * True when a text sample is binary: a NUL anywhere, or more than 10% control characters or
 * U+FFFD (what invalid UTF-8 decodes to). A real feed has none of them.
 */
export function looksBinary(sample: string): boolean {
  let suspicious = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === NUL) return true;
    if ((c < 32 && c !== TAB && c !== LF && c !== CR && c !== FF) || c === DEL || c === REPLACEMENT) suspicious++;
  }
  return suspicious * 10 > sample.length;
}

/**
 * Sits in front of a parser: holds the first `sniffLength` characters back until they can be
 * judged (so the verdict does not depend on how the input was chunked), strips a BOM, refuses
 * binary input, and tells at the end whether anything but whitespace was seen.
 */
class InputGate {
  private head = '';
  private open = false;
  private content = false;

  constructor(private readonly sink: (chunk: string) => void) {}

  push(chunk: string): void {
    if (chunk.length === 0) return;
    if (this.open) {
      this.see(chunk);
      this.sink(chunk);
      return;
    }
    this.head += chunk;
    if (this.head.length >= FEED_LIMITS.sniffLength) this.release();
  }

  /** Flushes what is held back; throws 'empty' when the whole input was whitespace. */
  end(): void {
    if (!this.open) this.release();
    if (!this.content) throw new FeedParseError('empty', 'the feed is empty (no data, or only whitespace)', undefined, { key: 'empty' });
  }

  private release(): void {
    this.open = true;
    let head = this.head;
    this.head = '';
    if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);
    if (looksBinary(head.slice(0, FEED_LIMITS.sniffLength))) {
      throw new FeedParseError('binary', 'the feed is a binary file, not XML or CSV text (is it compressed?)', 1, { key: 'binary' });
    }
    if (head.length > 0) {
      this.see(head);
      this.sink(head);
    }
  }

  private see(chunk: string): void {
    // One regex test per chunk until the first non-blank character, then nothing.
    if (!this.content && /\S/.test(chunk)) this.content = true;
  }
}

/**
 * Copies a value out of the chunk it was sliced from. V8 represents a slice of 13 or more
 * characters as a view on the whole chunk, so a value kept by the rules (an example, the date
 * range) would pin a megabyte chunk; concatenating then slicing forces a fresh flat string.
 */
export function detach(value: string): string {
  return value.length < 13 ? value : (value + ' ').slice(0, -1);
}

/** trim() keeps these at an end: visible ASCII, and U+00A1..U+167F (Latin, Greek, Cyrillic... letters; JavaScript's white space lies outside). */
const keptByTrim = (c: number): boolean => (c > 32 && c < 127) || (c > 0xa0 && c < 0x1680);

/**
 * text.trim(), without the call when both ends are characters it keeps. Not only ASCII: an
 * all-quoted Cyrillic CSV called trim() on nearly every cell (profiled, issue 32).
 */
export function trimEnds(text: string): string {
  return keptByTrim(text.charCodeAt(0)) && keptByTrim(text.charCodeAt(text.length - 1)) ? text : text.trim();
}

/** Counts '\n' in text[from, to). */
export function countLines(text: string, from: number, to: number): number {
  let n = 0;
  let i = text.indexOf('\n', from);
  while (i !== -1 && i < to) {
    n++;
    i = text.indexOf('\n', i + 1);
  }
  return n;
}

/** Shortens a name or value that goes into a message (a feed may send a megabyte name). */
export function clip(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/**
 * The life cycle both record parsers share: input through the gate, end() once, and the first
 * FeedParseError remembered so later calls repeat it instead of parsing from a broken state.
 */
/**
 * The first FeedParseError a parser threw: every later push or end throws it again (a parser
 * left half-way through a token must not go on). Shared by the text parsers and the XML byte parser.
 */
export class StickyFailure {
  private error: FeedParseError | undefined;
  /** Throws the remembered error, or 'push() after end()' when the input has ended. */
  checkPush(ended: boolean): void {
    if (this.error) throw this.error;
    if (ended) throw new FeedParseError('malformed', 'push() after end()', undefined, { key: 'pushAfterEnd' });
  }
  /** Throws the remembered error. */
  check(): void {
    if (this.error) throw this.error;
  }
  guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      if (error instanceof FeedParseError) this.error = error;
      throw error;
    }
  }
}

export abstract class ChunkedParser implements RecordParser {
  private readonly gate = new InputGate((chunk) => this.feed(chunk));
  private readonly failure = new StickyFailure();
  /** True once end() was called: a token cut at the end of the buffer is then truncated, not pending. */
  protected ended = false;

  /** Takes text released by the gate. */
  protected abstract feed(chunk: string): void;
  /** Consumes what it can of the buffered text. */
  protected abstract scan(): void;
  /** After the last scan: hands over the last order, checks the document is complete. */
  protected abstract finish(): void;

  push(chunk: string): void {
    this.failure.checkPush(this.ended);
    this.failure.guard(() => this.gate.push(chunk));
  }

  end(): void {
    this.failure.check();
    if (this.ended) return;
    this.failure.guard(() => {
      this.gate.end();
      this.ended = true;
      this.scan();
      this.finish();
    });
  }
}
