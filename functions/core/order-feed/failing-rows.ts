import { appendFileSync, createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvCell, csvRow } from '../../../shared/domain/csv';
import type { FailingRowsFile } from '../../../shared/domain/order-feed';
import type { FailingRowSink } from '../../../shared/feed/types';
import type { MultipartTarget } from '../../data/failing-rows';

/**
 * Every failing row of a feed as one CSV (line, order id, warning, value), written in the same pass
 * as the check: rows are turned into bytes as they come and go up to S3 as multipart parts of
 * PART_BYTES, so memory holds one part whatever the feed. Rows of a rule decided only at the feed's
 * end (noCommission, gaOrdersDontMatchXml) wait in a file of the function's /tmp, one per warning,
 * and are appended at the end only if the rule was raised. Values go through the portal's CSV
 * cells (shared/domain/csv.ts): quoted, formulas neutralised.
 */

/** S3's smallest part but the last; a part goes up once this much is buffered. */
const PART_BYTES = 5 * 1024 * 1024;
/** Text gathered before it is turned into bytes (the rows' strings are slices of the feed's chunk: bytes let the chunk go). */
const TEXT_BATCH = 64 * 1024;

const FAILING_ROWS_COLUMNS = ['line', 'order id', 'warning', 'value'] as const;
const BOM = '\uFEFF';
const header = `${BOM}${csvRow(FAILING_ROWS_COLUMNS)}\r\n`;
const rowText = (key: string, line: number, orderId: string, detail: string) => `${line};${csvCell(orderId)};${key};${csvCell(detail)}\r\n`;

export interface FailingRowsWriter extends FailingRowSink {
  /** Sends the parts filled since the last call (after each chunk of the feed). */
  flush(): Promise<void>;
  /** Appends the released held rows, completes the upload; null when the feed had no failing row (nothing stored). */
  finish(): Promise<FailingRowsFile | null>;
  /** Drops everything (the check failed). */
  abort(): Promise<void>;
}

export function createFailingRowsWriter(target: MultipartTarget): FailingRowsWriter {
  let rows = 0;
  let bytes = 0;
  let started = false;
  let text = '';
  let buffered: Buffer[] = [];
  let bufferedBytes = 0;
  let uploadId: string | null = null;
  const parts: { PartNumber: number; ETag: string }[] = [];
  let spillDir: string | null = null;
  /** Held rows of each warning: text not yet written, the file, how many rows. */
  const held = new Map<string, { text: string; file: string; rows: number; released: boolean }>();

  const toBytes = () => {
    if (text === '') return;
    const chunk = Buffer.from(text, 'utf8');
    text = '';
    buffered.push(chunk);
    bufferedBytes += chunk.byteLength;
    bytes += chunk.byteLength;
  };
  const begin = () => {
    if (!started) text = header + text;
    started = true;
  };
  const add = (line: string) => {
    begin();
    rows++;
    text += line;
    if (text.length >= TEXT_BATCH) toBytes();
  };
  const sendPart = async () => {
    if (bufferedBytes === 0) return;
    uploadId ??= await target.start();
    const body = Buffer.concat(buffered, bufferedBytes);
    buffered = [];
    bufferedBytes = 0;
    const PartNumber = parts.length + 1;
    parts.push({ PartNumber, ETag: await target.part(uploadId, PartNumber, body) });
  };
  const flush = async () => {
    if (bufferedBytes + text.length < PART_BYTES) return;
    toBytes();
    if (bufferedBytes >= PART_BYTES) await sendPart();
  };
  const writeHeld = (entry: { text: string; file: string }) => {
    if (entry.text === '') return;
    appendFileSync(entry.file, entry.text, 'utf8');
    entry.text = '';
  };
  const cleanUp = () => {
    if (spillDir) rmSync(spillDir, { recursive: true, force: true });
    spillDir = null;
  };

  return {
    row: (key, line, orderId, detail) => add(rowText(key, line, orderId, detail)),
    held(key, line, orderId, detail) {
      let entry = held.get(key);
      if (!entry) {
        spillDir ??= mkdtempSync(join(tmpdir(), 'failing-rows-'));
        entry = { text: '', file: join(spillDir, `${key}.csv`), rows: 0, released: false };
        held.set(key, entry);
      }
      entry.rows++;
      entry.text += rowText(key, line, orderId, detail);
      if (entry.text.length >= TEXT_BATCH) writeHeld(entry);
    },
    release(key) {
      const entry = held.get(key);
      if (entry) entry.released = true;
    },
    flush,
    async finish() {
      try {
        for (const entry of held.values()) {
          if (!entry.released) continue;
          writeHeld(entry);
          begin();
          rows += entry.rows;
          toBytes();
          for await (const chunk of createReadStream(entry.file, { highWaterMark: 1024 * 1024 })) {
            const piece = chunk as Buffer;
            buffered.push(piece);
            bufferedBytes += piece.byteLength;
            bytes += piece.byteLength;
            if (bufferedBytes >= PART_BYTES) await sendPart();
          }
        }
        if (rows === 0) return null;
        toBytes();
        await sendPart();
        if (!uploadId) throw new Error('no part was sent');
        await target.complete(uploadId, parts);
        return { rows, bytes };
      } catch (error) {
        if (uploadId) await target.abort(uploadId).catch(() => undefined);
        throw error;
      } finally {
        cleanUp();
      }
    },
    async abort() {
      cleanUp();
      if (uploadId) await target.abort(uploadId).catch(() => undefined);
    },
  };
}
