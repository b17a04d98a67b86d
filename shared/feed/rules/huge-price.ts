/**
 * hugePrice: an order price far above the feed's own typical price (a price in cents, a
 * phone number in the price field...). Currencies differ too much for an absolute ceiling, so
 * the reference is the feed's running median, estimated in constant memory from a fixed-size
 * reservoir sample of the positive prices.
 */
import type { Rule } from './rule';
import { BOTH } from './rule';
import { detach } from '../parse/common';

/** A price more than this many times the median is suspicious. */
const HUGE_PRICE_FACTOR = 100;
/** Prices judged only once this many were seen (the first ones wait, in a bounded buffer)... */
const HUGE_PRICE_WARMUP = 30;
/** ...or at the end of a smaller feed, if it has at least this many. */
const HUGE_PRICE_MIN_PRICES = 5;
/** Reservoir size (odd, so the median is one element). */
const SAMPLE_SIZE = 1023;

/** Deterministic generator from a non-zero seed: the same feed always gives the same result. */
const xorshift32 = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
};

export const hugePrice: Rule = {
  kinds: BOTH,
  start: (_ctx, reporter) => {
    const sample = new Float64Array(SAMPLE_SIZE);
    const random = xorshift32(0x5eed);
    let seen = 0;
    let median = 0;
    // Stryker disable next-line ArrayDeclaration: an odd first element would be judged with no price: never huge
    let pending: { id: string; line: number; price: number }[] | null = [];

    const refreshMedian = () => {
      const sorted = sample.slice(0, Math.min(seen, SAMPLE_SIZE)).sort();
      const mid = sorted.length >> 1;
      median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    };
    const judge = (at: { id: string; line: number }, price: number) => {
      if (price > HUGE_PRICE_FACTOR * median) reporter.report(at, `price ${price} > ${HUGE_PRICE_FACTOR} x median ${median}`);
    };
    const flush = () => {
      refreshMedian();
      // Stryker disable next-line ArrayDeclaration: flush runs only while prices are held; `?? []` is for the type
      for (const held of pending ?? []) judge(held, held.price);
      pending = null;
    };

    return {
      order(o) {
        // Stryker disable next-line ConditionalExpression: null <= 0 is true in JavaScript: the null check only spells it out
        if (o.price === null || o.price <= 0) return;
        // Reservoir sampling (algorithm R): every price seen has the same chance to be in the sample.
        // Stryker disable next-line EqualityOperator: at seen = 1023 the price goes past the sample's end (dropped) instead of in with chance 1023/1024: an estimate either way
        if (seen < SAMPLE_SIZE) sample[seen] = o.price;
        else {
          // Stryker disable next-line ArithmeticOperator: seen - 1 instead of seen + 1 shifts each price's chance by a hair: an estimate either way
          const slot = Math.floor(random() * (seen + 1));
          // Stryker disable next-line ConditionalExpression,EqualityOperator: a Float64Array drops writes past its end, as this check does
          if (slot < SAMPLE_SIZE) sample[slot] = o.price;
        }
        seen++;
        if (pending) {
          // Held until the median is known: copied out of the chunk's text.
          pending.push({ id: detach(o.id), line: o.line, price: o.price });
          if (seen >= HUGE_PRICE_WARMUP) flush();
          return;
        }
        // Sorting the sample is the costly part: refresh it often early, then every 1024 prices.
        // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: how often is a cost/staleness trade-off; a median never refreshed is killed by the shifting-feed test
        if (seen <= 256 ? seen % 16 === 0 : seen % 1024 === 0) refreshMedian();
        judge(o, o.price);
      },
      end() {
        if (pending && seen >= HUGE_PRICE_MIN_PRICES) flush();
      },
    };
  },
};
