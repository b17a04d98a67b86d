/**
 * Runs a record parser over chunks and returns what it ended with: every order, or the
 * FeedParseError it refused the input with. For tests and small in-memory feeds (the orders
 * are kept: a streaming caller hands onOrder to the checker instead).
 */
import { FeedParseError, type FeedErrorCode, type FeedErrorDetail, type FeedKind, type RawOrder, type RecordParserFactory } from '../types';

export type ParseOutcome = { orders: RawOrder[] } | { error: { code: FeedErrorCode; message: string; line: number | undefined; detail: FeedErrorDetail | undefined } };

export function parseChunks(factory: RecordParserFactory, chunks: Iterable<string>, kind: FeedKind = 'order'): ParseOutcome {
  const orders: RawOrder[] = [];
  try {
    const parser = factory((order) => orders.push(order), { kind });
    for (const chunk of chunks) parser.push(chunk);
    parser.end();
    return { orders };
  } catch (error) {
    // Anything but a FeedParseError is a bug of the engine: let it through to fail loudly.
    if (!(error instanceof FeedParseError)) throw error;
    return { error: { code: error.code, message: error.message, line: error.line, detail: error.detail } };
  }
}

/** The text split at the given indexes (sorted, duplicates allowed: they make empty chunks). */
export function splitAt(text: string, indexes: readonly number[]): string[] {
  const cuts = [...indexes].map((i) => Math.max(0, Math.min(text.length, i))).sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    chunks.push(text.slice(from, cut));
    from = cut;
  }
  chunks.push(text.slice(from));
  return chunks;
}
