/**
 * Bytes the engine keeps past a call must be its own. Callers may reuse their buffer as soon as
 * a call returns (the command line reads a file into one 64 KiB buffer), and a Node Buffer's
 * `slice()` is a view where a Uint8Array's is a copy: a "copy" made with `slice()` of a Buffer
 * was overwritten by the next read (issue 32: a Cyrillic CSV refused at line 11486). So the
 * engine never calls `slice()` on bytes it was given: it copies with these, and views what it
 * was given as a plain Uint8Array (`plainBytes`) so no subclass reaches its hot loops.
 * docs/feed-engine.md, "Chunks and callers' buffers".
 */

export const EMPTY_BYTES = new Uint8Array(0);

/** The same memory as a plain Uint8Array (no copy): one element kind, and `slice()` copies. */
export function plainBytes(bytes: Uint8Array): Uint8Array {
  return bytes.constructor === Uint8Array ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A copy of bytes[from, to) in memory of its own, whatever the caller does with its buffer afterwards. */
export function copyBytes(bytes: Uint8Array, from = 0, to = bytes.length): Uint8Array {
  return new Uint8Array(bytes.subarray(from, to));
}

/** a then b, always in new memory (never one of the arguments, even when the other is empty). */
export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
