/**
 * Set of order ids kept as 64-bit fingerprints (two independent 32-bit hashes) in an
 * open-addressing table backed by a Uint32Array: 8 bytes per slot, outside the JS heap, no
 * string retained. See docs/feed-warnings/duplicatedIds.md for the memory cost and the
 * collision probability.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const MURMUR_SEED = 0x9747b28c;
const MURMUR_C1 = 0xcc9e2d51;
const MURMUR_C2 = 0x1b873593;

/**
 * The 64-bit fingerprint of an id, into `out` ([hi, lo]; no allocation): FNV-1a (32 bits) and
 * MurmurHash3 x86_32 (seed 0x9747b28c), both over the id's UTF-16LE bytes, so non-Latin ids
 * spread well and the two halves are independent. One pass computes both (two passes were most
 * of the duplicatedIds rule's time). id-set.test.ts checks it against byte-wise reference
 * implementations and their published test vectors.
 */
export function fingerprint(id: string, out: Uint32Array): void {
  let fnv = FNV_OFFSET;
  let h = MURMUR_SEED;
  const length = id.length;
  const blocks = length >>> 1;
  for (let i = 0; i < blocks; i++) {
    const a = id.charCodeAt(2 * i);
    const b = id.charCodeAt(2 * i + 1);
    fnv = Math.imul(fnv ^ (a & 0xff), FNV_PRIME);
    fnv = Math.imul(fnv ^ (a >>> 8), FNV_PRIME);
    fnv = Math.imul(fnv ^ (b & 0xff), FNV_PRIME);
    fnv = Math.imul(fnv ^ (b >>> 8), FNV_PRIME);
    let k = a | (b << 16);
    k = Math.imul(k, MURMUR_C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, MURMUR_C2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  if (length & 1) {
    const a = id.charCodeAt(length - 1);
    fnv = Math.imul(fnv ^ (a & 0xff), FNV_PRIME);
    fnv = Math.imul(fnv ^ (a >>> 8), FNV_PRIME);
    let k = Math.imul(a, MURMUR_C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, MURMUR_C2);
    h ^= k;
  }
  h ^= length * 2;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  out[0] = fnv >>> 0;
  out[1] = h >>> 0;
}

const MIN_CAPACITY = 1024;
/** Grow when more than 3/4 of the slots are used: short probe sequences, 10.7-21 bytes per id. */
const MAX_LOAD_NUMERATOR = 3;
const MAX_LOAD_DENOMINATOR = 4;

export class FingerprintSet {
  /** Pairs (hi, lo); (0, 0) marks an empty slot. */
  private slots: Uint32Array;
  private mask: number;
  private count = 0;

  constructor(initialCapacity = MIN_CAPACITY) {
    let capacity = MIN_CAPACITY;
    while (capacity < initialCapacity) capacity *= 2;
    this.slots = new Uint32Array(capacity * 2);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Bytes held by the table (all of it in an ArrayBuffer, none on the JS heap). */
  get byteLength(): number {
    return this.slots.byteLength;
  }

  private readonly scratch = new Uint32Array(2);

  /** Adds the id; returns false when (its fingerprint) was already there. */
  add(id: string): boolean {
    fingerprint(id, this.scratch);
    let hi = this.scratch[0]!;
    const lo = this.scratch[1]!;
    // (0, 0) is the empty marker: nudge that single fingerprint value to (1, 0).
    if (hi === 0 && lo === 0) hi = 1;
    if (!this.insert(hi, lo)) return false;
    this.count++;
    if (this.count * MAX_LOAD_DENOMINATOR > (this.mask + 1) * MAX_LOAD_NUMERATOR) this.grow();
    return true;
  }

  private insert(hi: number, lo: number): boolean {
    const slots = this.slots;
    // lo picks the slot, so the two halves stay independent of each other.
    let index = (lo ^ (hi >>> 7)) & this.mask;
    for (;;) {
      const h = slots[2 * index]!;
      const l = slots[2 * index + 1]!;
      if (h === 0 && l === 0) {
        slots[2 * index] = hi;
        slots[2 * index + 1] = lo;
        return true;
      }
      if (h === hi && l === lo) return false;
      index = (index + 1) & this.mask;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    this.mask = this.mask * 2 + 1;
    for (let i = 0; i < old.length; i += 2) {
      const hi = old[i]!;
      const lo = old[i + 1]!;
      if (hi !== 0 || lo !== 0) this.insert(hi, lo);
    }
  }
}
