/**
 * Bytes to text for the record parsers, the same in the Lambda, the command line and a browser
 * worker (TextDecoder is a web standard both have). The parsers take text; this picks the
 * encoding from the first bytes and decodes chunk by chunk, a character split across two
 * chunks included.
 *
 * XML: a byte order mark wins (UTF-8, UTF-16LE/BE); then `<?xml ... encoding="..."?>` (any label
 * TextDecoder knows: windows-1251, ISO-8859-1, windows-1252, koi8-r...; note that the web
 * standard reads ISO-8859-1 and US-ASCII as their superset windows-1252); then UTF-16 without a
 * mark when the declaration itself is written in it; otherwise UTF-8, as XML requires. An
 * unknown label is a FeedParseError ('encoding').
 *
 * CSV has no declaration: UTF-8 (BOM or not) when the first 64 KiB are valid UTF-8, else a
 * legacy spreadsheet export: windows-1251 when its bytes above 127 mostly come in runs
 * (Cyrillic words), windows-1252 when they stand alone (accents in Latin words). See
 * docs/feed-engine.md, "Encodings".
 */
import { EMPTY_BYTES, concatBytes, copyBytes, plainBytes } from './parse/bytes';
import { clip } from './parse/common';
import { FeedParseError, type FeedErrorDetail, type FeedFormat } from './types';

export interface FeedTextDecoder {
  /**
   * Text of these bytes (may hold back the start of the feed, or the bytes of a split character).
   * Keeps no reference to `bytes` after the call: the caller may reuse its buffer (a Node Buffer
   * included: chunking.property.test.ts overwrites it after every call).
   */
  decode(bytes: Uint8Array): string;
  /** The rest of the text. Throws FeedParseError when the feed names an encoding that cannot be read. */
  end(): string;
  /** The WHATWG name of the encoding read ('utf-8' until the first bytes were judged). */
  readonly encoding: string;
}

/** Bytes looked at for an XML declaration (it is at the very start, and short). */
const XML_SNIFF_BYTES = 1024;
/** Bytes of a CSV feed checked for valid UTF-8 before its encoding is chosen. */
export const CSV_SNIFF_BYTES = 64 * 1024;

/** The instance type (Node's typings declare TextDecoder as a value only). */
type Decoder = InstanceType<typeof TextDecoder>;

export function createFeedDecoder(format: FeedFormat): FeedTextDecoder {
  return new FeedDecoder(format);
}

class FeedDecoder implements FeedTextDecoder {
  private head: Uint8Array = EMPTY_BYTES;
  private decoder: Decoder | undefined;
  private utf8 = false;
  /** UTF-8: the bytes of a character cut at the end of the previous chunk. */
  private pending: Uint8Array = EMPTY_BYTES;
  private started = false;
  /** UTF-8: the last chunk was all ASCII (its text as long as its bytes). */
  private ascii = true;

  constructor(private readonly format: FeedFormat) {}

  get encoding(): string {
    return this.decoder?.encoding ?? 'utf-8';
  }

  decode(bytes: Uint8Array): string {
    if (this.decoder) return this.text(plainBytes(bytes));
    // A copy: the caller may reuse its buffer.
    this.head = concatBytes(this.head, bytes);
    const label = this.format === 'xml' ? xmlEncoding(this.head, false) : csvEncoding(this.head, false);
    if (label === undefined) return '';
    return this.choose(label);
  }

  end(): string {
    let text = '';
    if (!this.decoder) text = this.choose((this.format === 'xml' ? xmlEncoding(this.head, true) : csvEncoding(this.head, true)) as Encoding);
    const decoder = this.decoder as Decoder;
    if (this.utf8) {
      const rest = this.pending;
      this.pending = EMPTY_BYTES;
      return text + (rest.length > 0 ? this.strip(decoder.decode(rest)) : '');
    }
    return text + this.strip(decoder.decode());
  }

  private choose(encoding: Encoding): string {
    this.decoder = openDecoder(encoding);
    this.utf8 = this.decoder.encoding === 'utf-8';
    const head = this.head;
    this.head = EMPTY_BYTES;
    return this.text(head);
  }

  private text(bytes: Uint8Array): string {
    const decoder = this.decoder as Decoder;
    if (!this.utf8) return this.strip(decoder.decode(bytes, { stream: true }));
    // UTF-8: whole characters decoded without `stream` (several times faster in Node, measured),
    // the bytes of a character cut at the end kept for the next chunk.
    let input = bytes;
    if (this.pending.length > 0) {
      input = concatBytes(this.pending, bytes);
      this.pending = EMPTY_BYTES;
    }
    const cut = incompleteTail(input);
    if (cut < input.length) {
      this.pending = copyBytes(input, cut);
      input = input.subarray(0, cut);
    }
    if (input.length === 0) return '';
    // Node's one-shot call reads ASCII at GB/s but builds non-ASCII text slowly; its streaming call
    // (ICU) is about twice as fast on Cyrillic and four times slower on ASCII (measured, issue 32).
    // The input ends on a whole character, so the streaming call keeps nothing back: the text is
    // the same either way. The chunk before says which kind of text comes next.
    const text = this.ascii ? decoder.decode(input) : decoder.decode(input, { stream: true });
    this.ascii = text.length === input.length;
    return this.strip(text);
  }

  /** The byte order mark is not text: dropped at the start only (a U+FEFF later is kept). */
  private strip(text: string): string {
    if (this.started || text.length === 0) return text;
    this.started = true;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
}

/** A label for TextDecoder, or a reason the feed names an encoding we do not read. */
type Encoding = string | { refused: string; detail: FeedErrorDetail };

function openDecoder(encoding: Encoding): Decoder {
  if (typeof encoding !== 'string') throw new FeedParseError('encoding', encoding.refused, 1, encoding.detail);
  // ignoreBOM: the mark is dropped by strip() at the start only, not at the start of every chunk.
  return new TextDecoder(encoding, { ignoreBOM: true });
}

const refusedLabel = (label: string): Encoding => ({
  refused: `the XML declaration names the encoding "${clip(label)}", which the check cannot read: save the feed as UTF-8 (windows-1251, ISO-8859-1 and windows-1252 are read too)`,
  detail: { key: 'encodingUnreadable', values: { label: clip(label) } },
});

/** Index where an unfinished UTF-8 sequence starts at the end of bytes (bytes.length when none). */
export function incompleteTail(bytes: Uint8Array): number {
  const len = bytes.length;
  // Only a lead byte within the last three, followed by continuation bytes only, can be cut.
  for (let i = len - 1; i >= 0 && i >= len - 3; i--) {
    const b = bytes[i] as number;
    if (b < 0x80) return len;
    if (b >= 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return len - i < need ? i : len;
    }
  }
  return len;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];
const UTF16BE_BOM = [0xfe, 0xff];
const MARKS: readonly (readonly [readonly number[], string])[] = [
  [UTF8_BOM, 'utf-8'],
  [UTF16LE_BOM, 'utf-16le'],
  [UTF16BE_BOM, 'utf-16be'],
];

/** The encoding a byte order mark names; undefined when there is none, null when too few bytes to tell. */
function byBom(head: Uint8Array, ended: boolean): string | undefined | null {
  for (const [mark, encoding] of MARKS) if (startsWith(head, mark)) return encoding;
  // A prefix of a mark: wait for the next byte.
  if (!ended && head.length < 3 && MARKS.some(([mark]) => mark.slice(0, head.length).every((b, i) => head[i] === b))) return null;
  return undefined;
}

const DECLARATION = '<?xml';

/**
 * XML: true when the feed's first bytes say UTF-8 (a UTF-8 BOM, a declaration naming UTF-8, or
 * none), false for any other verdict (another encoding, a refused one), undefined while more
 * bytes are needed: the choice createFeedByteInput makes between the byte parser and this decoder.
 */
export function isUtf8Xml(head: Uint8Array, ended: boolean): boolean | undefined {
  const encoding = xmlEncoding(head, ended);
  return encoding === undefined ? undefined : encoding === 'utf-8';
}

/** XML: the encoding to read with, or undefined while more bytes are needed to tell. */
function xmlEncoding(head: Uint8Array, ended: boolean): Encoding | undefined {
  const bom = byBom(head, ended);
  if (bom === null) return undefined;
  if (bom !== undefined) return bom;
  // A declaration written in UTF-16 without a mark: '<?' as two-byte units.
  if (startsWith(head, [0x3c, 0x00, 0x3f, 0x00])) return 'utf-16le';
  if (startsWith(head, [0x00, 0x3c, 0x00, 0x3f])) return 'utf-16be';
  // The declaration is ASCII in every encoding this reads: look at the bytes as Latin-1.
  const sniffed = head.length > XML_SNIFF_BYTES ? head.subarray(0, XML_SNIFF_BYTES) : head;
  let text = '';
  for (let i = 0; i < sniffed.length; i++) text += String.fromCharCode(sniffed[i] as number);
  const start = text.length - text.trimStart().length;
  const rest = text.slice(start);
  if (rest.length <= DECLARATION.length) {
    // Blank so far, or the start of '<?xml' (and the blank after it): wait (at the end there is no declaration).
    if (!ended && head.length < XML_SNIFF_BYTES && DECLARATION.startsWith(rest)) return undefined;
    return 'utf-8';
  }
  if (!rest.startsWith(DECLARATION) || !/\s/.test(rest.charAt(DECLARATION.length))) return 'utf-8';
  const close = rest.indexOf('?>');
  if (close === -1) return !ended && head.length < XML_SNIFF_BYTES ? undefined : 'utf-8';
  const match = /\sencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(rest.slice(0, close));
  if (!match) return 'utf-8';
  const label = (match[1] ?? match[2] ?? '').trim();
  let encoding: string;
  try {
    encoding = new TextDecoder(label).encoding;
  } catch {
    return refusedLabel(label);
  }
  // 'replacement' is what the standard maps dangerous labels (ISO-2022-KR...) to: it decodes nothing.
  if (encoding === 'replacement') return refusedLabel(label);
  if (encoding.startsWith('utf-16')) {
    return {
      refused: `the XML declaration says "${clip(label)}" but the file is not UTF-16 (its declaration is written one byte per character): fix the declaration, or save the feed as UTF-8`,
      detail: { key: 'encodingNotUtf16', values: { label: clip(label) } },
    };
  }
  return encoding;
}

/** CSV: UTF-8 unless the first bytes are not valid UTF-8; undefined while more bytes are needed. */
function csvEncoding(head: Uint8Array, ended: boolean): Encoding | undefined {
  const bom = byBom(head, ended);
  if (bom === null) return undefined;
  if (bom !== undefined) return bom;
  if (!ended && head.length < CSV_SNIFF_BYTES) return undefined;
  const sample = head.length > CSV_SNIFF_BYTES ? head.subarray(0, incompleteTail(head.subarray(0, CSV_SNIFF_BYTES))) : head;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: !ended });
    return 'utf-8';
  } catch {
    return legacyEncoding(sample);
  }
}

/**
 * A legacy spreadsheet export: windows-1251 (Cyrillic, a word is a run of bytes above 127) or
 * windows-1252 (Latin with accents: such bytes mostly stand between ASCII letters).
 */
export function legacyEncoding(sample: Uint8Array): 'windows-1251' | 'windows-1252' {
  let high = 0;
  let paired = 0;
  for (let i = 0; i < sample.length; i++) {
    if ((sample[i] as number) < 0x80) continue;
    high++;
    if (i > 0 && (sample[i - 1] as number) >= 0x80) paired++;
  }
  return paired * 2 >= high && high > 0 ? 'windows-1251' : 'windows-1252';
}
