/**
 * Bytes in, orders out: the feed's bytes as read (file, S3 object, URL, browser File) go to the
 * byte parser when the format has one and the feed is UTF-8, and otherwise through decode.ts
 * to the text parser. The results are the same either way (the byte parser is tested against
 * the text path at every split point); the byte path is faster (docs/feed-engine.md,
 * "Speed"). Non-UTF-8 XML (windows-1251, ISO-8859-1, UTF-16...) and CSV take the
 * text path.
 */
import { createCsvParser } from './csv-parser';
import { EMPTY_BYTES, concatBytes } from './parse/bytes';
import { createFeedDecoder, isUtf8Xml, type FeedTextDecoder } from './decode';
import { type ByteRecordParser, type ByteRecordParserFactory, type FeedFormat, type FeedKind, type RawOrder, type RecordParser, type RecordParserFactory } from './types';
import { createXmlByteParser } from './xml-bytes';
import { createXmlParser } from './xml-parser';

export interface FeedByteInput {
  /** Bytes as they arrive, in any chunk size; no reference to them is kept after the call (the caller may reuse its buffer). */
  push(bytes: Uint8Array): void;
  /** Ends the input: the last order is handed over, or a FeedParseError thrown. */
  end(): void;
  /** 'bytes' when the byte parser reads the feed, 'text' when decode.ts and the text parser do; undefined until the first bytes are judged. */
  readonly path: 'bytes' | 'text' | undefined;
}

/** The formats with a byte parser (CSV reads text for now). */
const BYTE_PARSERS: Partial<Record<FeedFormat, ByteRecordParserFactory>> = { xml: createXmlByteParser };
const TEXT_PARSERS: Record<FeedFormat, RecordParserFactory> = { xml: createXmlParser, csv: createCsvParser };

export function createFeedByteInput(
  format: FeedFormat,
  onOrder: (order: RawOrder) => void,
  options: { kind: FeedKind; /** Replaces the text parser (the byte parser is used only when this is not given). */ textParser?: RecordParserFactory },
): FeedByteInput {
  const byteParser = options.textParser ? undefined : BYTE_PARSERS[format];
  const textParser = options.textParser ?? TEXT_PARSERS[format];
  let head: Uint8Array = EMPTY_BYTES;
  let bytes: ByteRecordParser | undefined;
  let text: { parser: RecordParser; decoder: FeedTextDecoder } | undefined;

  const choose = (utf8: boolean) => {
    const start = head;
    head = EMPTY_BYTES;
    if (utf8 && byteParser) {
      bytes = byteParser(onOrder, { kind: options.kind });
      bytes.pushBytes(start);
    } else {
      text = { parser: textParser(onOrder, { kind: options.kind }), decoder: createFeedDecoder(format) };
      const chunk = text.decoder.decode(start);
      if (chunk) text.parser.push(chunk);
    }
  };

  return {
    get path() {
      return bytes ? 'bytes' : text ? 'text' : undefined;
    },
    push(chunk) {
      // A format without a byte parser goes to the decoder from the first byte (it sniffs on its own).
      if (!bytes && !text && !byteParser) choose(false);
      if (bytes) return bytes.pushBytes(chunk);
      if (text) {
        const decoded = text.decoder.decode(chunk);
        if (decoded) text.parser.push(decoded);
        return;
      }
      // The start is held (a copy: the caller may reuse its buffer) until decode.ts's sniffing can tell the encoding.
      head = concatBytes(head, chunk);
      const utf8 = isUtf8Xml(head, false);
      if (utf8 !== undefined) choose(utf8);
    },
    end() {
      if (!bytes && !text) choose(byteParser ? (isUtf8Xml(head, true) as boolean) : false);
      if (bytes) return bytes.end();
      const t = text as NonNullable<typeof text>;
      const rest = t.decoder.end();
      if (rest) t.parser.push(rest);
      t.parser.end();
    },
  };
}
