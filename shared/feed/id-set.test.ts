import { describe, expect, it } from 'vitest';
import { FingerprintSet, fnv1a32, murmur32 } from './id-set';

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

  it('has two independent hashes (no shared collisions on sequential ids)', () => {
    const fnv = new Set<number>();
    const both = new Set<string>();
    for (let i = 0; i < 200_000; i++) {
      fnv.add(fnv1a32(`A${i}`));
      both.add(`${fnv1a32(`A${i}`)}:${murmur32(`A${i}`)}`);
    }
    expect(both.size).toBe(200_000);
    // 32-bit FNV alone may collide a few times on 200k ids (birthday bound ~4.6); 64 bits must not.
    expect(fnv.size).toBeGreaterThan(199_980);
  });

  it('matches the reference FNV-1a and MurmurHash3 values for ASCII', () => {
    // For ASCII, each UTF-16 unit hashes its low byte then a zero byte.
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(murmur32('', 0)).toBe(0);
  });
});
