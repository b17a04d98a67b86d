import { Transform, pipeline, type Readable } from 'node:stream';
import { FeedFetchError } from './errors';

export const tooLarge = (maxBytes: number) => new FeedFetchError('too-large', `The feed is larger than the ${formatBytes(maxBytes)} accepted.`);

export const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.ceil(n / 1024)} KB`);

/**
 * The body handed to the caller: counts bytes against `maxBytes`, fails when no byte came for
 * `idleTimeoutMs` (while
 * nothing waits for the reader: a slow reader is not an idle server), and is destroyed when `signal` aborts (whole-transfer timeout or the caller's
 * signal). Destroying it destroys `source`, which closes the connection. `done` runs once when
 * it closes, whichever way.
 */
export function guardBody(
  source: Readable,
  { maxBytes, idleTimeoutMs, signal }: { maxBytes: number; idleTimeoutMs?: number; signal: AbortSignal },
  done: () => void,
): Readable {
  let bytes = 0;
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
