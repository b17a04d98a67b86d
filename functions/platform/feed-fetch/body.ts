import { Transform, pipeline, type Readable } from 'node:stream';
import { FeedFetchError } from './errors';

export const tooLarge = (maxBytes: number) => new FeedFetchError('too-large', `The feed is larger than the ${formatBytes(maxBytes)} accepted.`);

/**
 * The slowest transfer a check waits for: a server that drips a byte every few seconds never trips
 * the idle timer and would hold a check for its whole window (docs/feed-fetch.md, "What is refused,
 * and why": `too-slow`).
 * Averaged over the last `windowMs`, checked at each chunk once `graceMs` have passed since the
 * body started (or since our own reader last fell behind: then the server is not the slow one).
 */
export interface RateFloor {
  bytesPerSecond: number;
  windowMs: number;
  graceMs: number;
}
export const FEED_RATE_FLOOR: RateFloor = { bytesPerSecond: 16 * 1024, windowMs: 30_000, graceMs: 30_000 };

const tooSlow = ({ bytesPerSecond, windowMs }: RateFloor) =>
  new FeedFetchError('too-slow', `The feed's server sent less than ${formatBytes(bytesPerSecond)}/s over ${Math.round(windowMs / 1000)} s.`);

const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.ceil(n / 1024)} KB`);

/**
 * The body handed to the caller: counts bytes against `maxBytes`, fails when no byte came for
 * `idleTimeoutMs` (while
 * nothing waits for the reader: a slow reader is not an idle server), and is destroyed when `signal` aborts (whole-transfer timeout or the caller's
 * signal), and fails with 'too-slow' under the rate floor (`minRate`, read on the `now` clock).
 * Destroying it destroys `source`, which closes the connection. `done` runs once when it closes,
 * whichever way.
 */
export function guardBody(
  source: Readable,
  {
    maxBytes,
    idleTimeoutMs,
    signal,
    minRate,
    now = Date.now,
  }: { maxBytes: number; idleTimeoutMs?: number; signal: AbortSignal; minRate?: RateFloor; now?: () => number },
  done: () => void,
): Readable {
  let bytes = 0;
  // The rate floor's sliding window: arrival time and size of each chunk since `from`.
  let since = now();
  let times: number[] = [];
  let sizes: number[] = [];
  let first = 0;
  let inWindow = 0;
  const slow = (size: number): boolean => {
    if (!minRate) return false;
    const t = now();
    // Our reader is behind (bytes wait on our side): the server is not what is slow; start over.
    if (counter.readableLength > 0) {
      since = t;
      times = [];
      sizes = [];
      first = 0;
      inWindow = 0;
    }
    times.push(t);
    sizes.push(size);
    inWindow += size;
    while (first < times.length && times[first]! <= t - minRate.windowMs) inWindow -= sizes[first++]!;
    if (first > 1024 && first * 2 > times.length) {
      times = times.slice(first);
      sizes = sizes.slice(first);
      first = 0;
    }
    return t - since >= Math.max(minRate.graceMs, minRate.windowMs) && inWindow < (minRate.bytesPerSecond * minRate.windowMs) / 1000;
  };
  let idle: NodeJS.Timeout | undefined;
  const arm = () => {
    if (!idleTimeoutMs) return;
    clearTimeout(idle);
    idle = setTimeout(() => {
      // Bytes still waiting for a slow reader: the reader is idle, not the server.
      if (counter.readableLength > 0 || counter.writableLength > 0) return arm();
      counter.destroy(new FeedFetchError('timeout', `The feed's server sent nothing for ${Math.round(idleTimeoutMs / 1000)} s.`));
    }, idleTimeoutMs);
  };
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) return callback(tooLarge(maxBytes));
      if (slow(chunk.length)) return callback(tooSlow(minRate!));
      arm();
      callback(null, chunk);
    },
  });
  const onAbort = () => counter.destroy(signal.reason instanceof Error ? signal.reason : new FeedFetchError('timeout', 'The feed transfer was stopped.'));
  signal.addEventListener('abort', onAbort, { once: true });
  counter.once('close', () => {
    clearTimeout(idle);
    signal.removeEventListener('abort', onAbort);
    done();
  });
  pipeline(source, counter, (error) => {
    // A source error reaches the caller as a FeedFetchError, never as the library's own text.
    if (error && !counter.destroyed) counter.destroy(toBodyError(error));
  });
  // pipeline() forwards the source's raw error to `counter` before the callback above runs; map it there.
  const destroy = counter._destroy.bind(counter);
  counter._destroy = (error, callback) => destroy(error ? toBodyError(error) : error, callback);
  arm();
  if (signal.aborted) onAbort();
  return counter;
}

function toBodyError(error: Error): Error {
  if (error instanceof FeedFetchError) return error;
  if (error.name === 'AbortError') return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'EPIPE') {
    return new FeedFetchError('connection', 'The connection to the feed\'s server was lost during the transfer.');
  }
  if (code?.startsWith('Z_')) return new FeedFetchError('protocol', 'The feed\'s compressed body is damaged.');
  return new FeedFetchError('connection', 'The feed transfer failed.');
}
