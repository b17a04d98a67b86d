import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FingerprintSet, fingerprint } from './id-set';

/** Reference FNV-1a 32 over bytes (the textbook loop). */
function fnv1aBytes(bytes: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash >>> 0;
}

/** Reference MurmurHash3 x86_32 over bytes (the textbook loop: 4-byte little-endian blocks, tail, fmix). */
function murmur3Bytes(bytes: Uint8Array, seed: number): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h = seed >>> 0;
  const blocks = Math.floor(bytes.length / 4);
  for (let i = 0; i < blocks; i++) {
    let k = bytes[4 * i]! | (bytes[4 * i + 1]! << 8) | (bytes[4 * i + 2]! << 16) | (bytes[4 * i + 3]! << 24);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  const tail = bytes.length & 3;
  if (tail) {
    let k = 0;
    for (let i = tail - 1; i >= 0; i--) k = (k << 8) | bytes[4 * blocks + i]!;
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
  }
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const ascii = (text: string) => new TextEncoder().encode(text);
const utf16le = (text: string) => {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    bytes[2 * i] = text.charCodeAt(i) & 0xff;
    bytes[2 * i + 1] = text.charCodeAt(i) >>> 8;
  }
  return bytes;
};

describe('reference hashes', () => {
  it('give the published test vectors', () => {
    expect(fnv1aBytes(ascii(''))).toBe(0x811c9dc5);
    expect(fnv1aBytes(ascii('a'))).toBe(0xe40c292c);
    expect(fnv1aBytes(ascii('foobar'))).toBe(0xbf9cf968);
    expect(murmur3Bytes(ascii(''), 0)).toBe(0);
    expect(murmur3Bytes(ascii(''), 1)).toBe(0x514e28b7);
    expect(murmur3Bytes(ascii(''), 0xffffffff)).toBe(0x81f16f39);
    expect(murmur3Bytes(ascii('Hello, world!'), 1234)).toBe(0xfaf6cdb3);
    expect(murmur3Bytes(ascii('The quick brown fox jumps over the lazy dog'), 0x9747b28c)).toBe(0x2fa826cd);
  });
});

describe('fingerprint (the code FingerprintSet runs)', () => {
  const of = (id: string) => {
    const out = new Uint32Array(2);
    fingerprint(id, out);
    return [out[0], out[1]];
  };

  it('is FNV-1a and MurmurHash3 (seed 0x9747b28c) of the UTF-16LE bytes, for any id', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (id) => {
        const bytes = utf16le(id);
        expect(of(id)).toEqual([fnv1aBytes(bytes), murmur3Bytes(bytes, 0x9747b28c)]);
      }),
      { numRuns: 2000 },
    );
    for (const id of ['', 'A', 'AB', 'ABC', 'order-123', 'Заказ-1', '\u{1F600}']) {
      expect(of(id), id).toEqual([fnv1aBytes(utf16le(id)), murmur3Bytes(utf16le(id), 0x9747b28c)]);
    }
    // 1.4 s on a quiet machine, over 5 s on a busy one (the default timeout): no timing is asserted.
  }, 60_000);
});

describe('FingerprintSet', () => {
  it('tells new ids from ids already seen, across growth', () => {
    const set = new FingerprintSet();
    for (let i = 0; i < 50_000; i++) expect(set.add(`order-${i}`)).toBe(true);
    for (let i = 0; i < 50_000; i += 997) expect(set.add(`order-${i}`)).toBe(false);
    expect(set.add('order-50000')).toBe(true);
    expect(set.size).toBe(50_001);
  });

  it('keeps 8 bytes per slot and grows by doubling once 3/4 of the slots are used', () => {
    const set = new FingerprintSet();
    for (let i = 0; i < 98_304; i++) set.add(String(i));
    // 98 304 ids = exactly 3/4 of 2^17 slots: still 1 MiB.
    expect(set.byteLength).toBe(131_072 * 8);
    set.add('one more');
    expect(set.byteLength).toBe(262_144 * 8);
  });

  it('distinguishes ids that differ in one character, case, whitespace or non-Latin letters', () => {
    const set = new FingerprintSet();
    for (const id of ['A1', 'a1', 'A1 ', ' A1', 'А1', '1A', '', 'Заказ-1', 'Заказ-2', '\u{1F600}']) expect(set.add(id)).toBe(true);
  });

  it('has two independent halves (no shared collisions on sequential ids)', () => {
    const out = new Uint32Array(2);
    const hi = new Set<number>();
    const both = new Set<string>();
    for (let i = 0; i < 200_000; i++) {
      fingerprint(`A${i}`, out);
      hi.add(out[0]!);
      both.add(`${out[0]}:${out[1]}`);
    }
    expect(both.size).toBe(200_000);
    // 32-bit FNV alone may collide a few times on 200k ids (birthday bound ~4.6); 64 bits must not.
    expect(hi.size).toBeGreaterThan(199_980);
  });
});
