import { appendFileSync, createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvCell, csvRow } from '../../../shared/domain/csv';
import type { FeedCsvFile } from '../../../shared/domain/order-feed';
import type { FailingRowSink } from '../../../shared/feed/types';
import type { MultipartTarget } from '../../data/feed-csv-files';

/**
 * The CSV files a check writes in the same pass as it reads the feed: every failing row (line,
 * order id, warning, value) and every order of the tested day that analytics does not know (line,
 * order id). Rows are turned into bytes as they come and go up to S3 as multipart parts of
 * PART_BYTES, so memory holds one part per file whatever the feed. Failing rows of a rule decided
 * only at the feed's end (noCommission, gaOrdersDontMatchXml) wait in a file of the function's
 * /tmp, one per warning, and are appended at the end only if the rule was raised. Values go
 * through the portal's CSV cells (shared/domain/csv.ts): quoted, formulas neutralised.
 */

/** S3's smallest part but the last; a part goes up once this much is buffered. */
const PART_BYTES = 5 * 1024 * 1024;
/** Text gathered before it is turned into bytes (the rows' strings are slices of the feed's chunk: bytes let the chunk go). */
const TEXT_BATCH = 64 * 1024;

const BOM = '\uFEFF';

/** One CSV going up as a multipart upload: rows in, parts out. */
interface CsvUpload {
  add(row: string): void;
  /** Appends a file of `rows` finished rows (the held rows of a released warning). */
  addFile(path: string, rows: number): Promise<void>;
  /** Sends the parts filled since the last call (after each chunk of the feed). */
  flush(): Promise<void>;
  /** Completes the upload; null when no row came (nothing stored). */
  finish(): Promise<FeedCsvFile | null>;
  /** Drops everything (the check failed). */
  abort(): Promise<void>;
}

function createCsvUpload(target: MultipartTarget, columns: readonly string[]): CsvUpload {
  const header = `${BOM}${csvRow(columns)}\r\n`;
  let rows = 0;
  let bytes = 0;
  let started = false;
  let text = '';
  let buffered: Buffer[] = [];
  let bufferedBytes = 0;
  let uploadId: string | null = null;
  const parts: { PartNumber: number; ETag: string }[] = [];

  const push = (chunk: Buffer) => {
    buffered.push(chunk);
    bufferedBytes += chunk.byteLength;
    bytes += chunk.byteLength;
  };
  const toBytes = () => {
    if (text === '') return;
    push(Buffer.from(text, 'utf8'));
    text = '';
  };
  const begin = () => {
    if (!started) text = header + text;
    started = true;
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

  return {
    add(row) {
      begin();
      rows++;
      text += row;
      if (text.length >= TEXT_BATCH) toBytes();
    },
    async addFile(path, fileRows) {
      begin();
      rows += fileRows;
      toBytes();
      for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
        push(chunk as Buffer);
        if (bufferedBytes >= PART_BYTES) await sendPart();
      }
    },
    async flush() {
      if (bufferedBytes + text.length < PART_BYTES) return;
      toBytes();
      if (bufferedBytes >= PART_BYTES) await sendPart();
    },
    async finish() {
      try {
        if (rows === 0) return null;
        toBytes();
        await sendPart();
        if (!uploadId) throw new Error('no part was sent');
        await target.complete(uploadId, parts);
        return { rows, bytes };
      } catch (error) {
        if (uploadId) await target.abort(uploadId).catch(() => undefined);
        throw error;
      }
    },
    async abort() {
      if (uploadId) await target.abort(uploadId).catch(() => undefined);
    },
  };
}

const FAILING_ROWS_COLUMNS = ['line', 'order id', 'warning', 'value'] as const;
const rowText = (key: string, line: number, orderId: string, detail: string) => `${line};${csvCell(orderId)};${key};${csvCell(detail)}\r\n`;

export interface FailingRowsWriter extends FailingRowSink {
  /** Sends the parts filled since the last call (after each chunk of the feed). */
  flush(): Promise<void>;
  /** Appends the released held rows, completes the upload; null when the feed had no failing row (nothing stored). */
  finish(): Promise<FeedCsvFile | null>;
  /** Drops everything (the check failed). */
  abort(): Promise<void>;
}

export function createFailingRowsWriter(target: MultipartTarget): FailingRowsWriter {
  const upload = createCsvUpload(target, FAILING_ROWS_COLUMNS);
  let spillDir: string | null = null;
  /** Held rows of each warning: text not yet written, the file, how many rows. */
  const held = new Map<string, { text: string; file: string; rows: number; released: boolean }>();

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
    row: (key, line, orderId, detail) => upload.add(rowText(key, line, orderId, detail)),
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
    flush: upload.flush,
    async finish() {
      try {
        for (const entry of held.values()) {
          if (!entry.released) continue;
          writeHeld(entry);
          await upload.addFile(entry.file, entry.rows);
        }
      } catch (error) {
        await upload.abort();
        throw error;
      } finally {
        cleanUp();
      }
      return upload.finish();
    },
    async abort() {
      cleanUp();
      await upload.abort();
    },
  };
}

const MISSING_IDS_COLUMNS = ['line', 'order id'] as const;

export interface MissingIdsWriter extends Omit<CsvUpload, 'add' | 'addFile'> {
  /** FeedCheckOptions.analyticsMisses: one order of the tested day analytics does not know. */
  miss(orderId: string, line: number): void;
}

/** Every order id of the tested day missing from analytics, whatever the threshold (the day's download). */
export function createMissingIdsWriter(target: MultipartTarget): MissingIdsWriter {
  const upload = createCsvUpload(target, MISSING_IDS_COLUMNS);
  return {
    miss: (orderId, line) => upload.add(`${line};${csvCell(orderId)}\r\n`),
    flush: upload.flush,
    finish: upload.finish,
    abort: upload.abort,
  };
}
