import { createFeedByteInput } from 'shared/feed/byte-input';
import { createOrderChecker } from 'shared/feed/checker';
import { FeedParseError, feedKindOf, type FeedErrorDetail, type FeedFormat, type FeedProduct, type FeedResult } from 'shared/feed/types';
import { isFeedLevel } from './feed-model';

/**
 * The check the browser runs on a chosen file before it is uploaded (issue 12, "Before uploading"):
 * the same engine as the server (bytes -> createFeedByteInput -> record parser -> rules), inside a
 * Web Worker (feed-preview.worker.ts) so a big file never blocks the page. It reports progress,
 * the first findings as soon as the first orders are read, then the whole file's result.
 * No analytics here (that comparison is the server's), so gaOrdersDontMatchXml never shows.
 */

export interface PreviewRequest {
  /** The chosen File (a Blob: only its size and byte stream are read). */
  file: Pick<Blob, 'size' | 'stream'>;
  format: FeedFormat;
  product: FeedProduct;
  /** ISO time: "today" of the 7-day rules. */
  now: string;
}

export type PreviewMessage =
  | { type: 'progress'; bytes: number; totalBytes: number; orders: number }
  /** Order-level findings of the first orders read (feed-level rules wait for the whole file). */
  | { type: 'first'; result: FeedResult; orders: number }
  | { type: 'done'; result: FeedResult; orders: number; bytes: number }
  /** detail: the engine's refusal as a key and values, for the page's own language (message stays English). */
  | { type: 'failed'; code: string; message: string; line?: number; detail?: FeedErrorDetail };

/** When the first findings are sent: after this many orders or bytes, whichever comes first. */
const FIRST_FINDINGS_ORDERS = 500;
const FIRST_FINDINGS_BYTES = 1024 * 1024;
const PROGRESS_EVERY_MS = 150;

export async function previewFeed(request: PreviewRequest, post: (message: PreviewMessage) => void): Promise<void> {
  const options = { product: request.product, now: new Date(request.now) };
  const full = createOrderChecker(options);
  const first = createOrderChecker({ ...options, maxExamples: 3 });
  let orders = 0;
  let firstSent = false;
  let bytes = 0;
  let lastProgress = 0;
  // Bytes in: a UTF-8 XML file is read by the byte parser, anything else through the decoder.
  const input = createFeedByteInput(
    request.format,
    (order) => {
      orders++;
      full.check(order);
      if (!firstSent) first.check(order);
    },
    { kind: feedKindOf(request.product) },
  );
  const sendFirst = () => {
    firstSent = true;
    post({ type: 'first', result: withoutFeedLevel(first.result()), orders });
  };
  try {
    const reader = request.file.stream().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      input.push(value);
      if (!firstSent && (orders >= FIRST_FINDINGS_ORDERS || bytes >= FIRST_FINDINGS_BYTES)) sendFirst();
      const now = Date.now();
      if (now - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = now;
        post({ type: 'progress', bytes, totalBytes: request.file.size, orders });
      }
    }
    input.end();
    const result = full.result();
    // A small file: its whole result is also its first findings.
    if (!firstSent) post({ type: 'first', result: withoutFeedLevel(result), orders });
    post({ type: 'done', result, orders, bytes });
  } catch (error) {
    if (error instanceof FeedParseError) {
      post({ type: 'failed', code: error.code, message: error.message, ...(error.line ? { line: error.line } : {}), ...(error.detail ? { detail: error.detail } : {}) });
    }
    else post({ type: 'failed', code: 'internal', message: error instanceof Error ? error.message : String(error) });
  }
}

/** A partial feed says nothing yet about the feed as a whole (no cancelled orders, date range...). */
function withoutFeedLevel(result: FeedResult): FeedResult {
  const errors: FeedResult['errors'] = {};
  const counts: FeedResult['counts'] = {};
  for (const [key, examples] of Object.entries(result.errors)) {
    if (!examples || examples.every(isFeedLevel)) continue;
    errors[key] = examples;
    counts[key] = result.counts[key] ?? examples.length;
  }
  return { ...result, errors, counts };
}
