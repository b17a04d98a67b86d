import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanFacts, LANE_KEYS } from './clean-lane';
import { RULES } from './index';
import { viewOf, type RuleContext } from './rule';
import { WARNING_KEYS } from '../warnings';
import { order, product } from '../testing/generate';
import type { RawOrder } from '../types';

const ctx: RuleContext = { kind: 'order', checkDay: '2026-11-21', maxExamples: 10, maxUntrackedShare: 0.2 };
const silent = { report() {}, hold() {}, releaseHeld() {}, reportFeed() {} };
/** Every rule's per-order and per-product verdict, as the checker's full path calls them. */
const runs = WARNING_KEYS.map((key) => ({ key, run: RULES[key].start(ctx, silent) }));
const statelessKeys = runs.filter(({ run }) => run.finding !== undefined || run.productFinding !== undefined).map(({ key }) => key);

function findings(raw: RawOrder): string[] {
  const view = viewOf(raw);
  const found: string[] = [];
  for (const { key, run } of runs) {
    if (run.finding && run.finding(view, ctx) !== null) found.push(key);
    for (const p of view.products) if (run.productFinding && run.productFinding(p, view) !== null) found.push(key);
  }
  return found;
}

// Good values next to values that raise (or nearly raise) each rule: blank, padded, out of range, a day for a date-time...
// The first value is a good one, and the likeliest, so a fair share of orders are clean.
const maybe = (values: string[], good = 12) =>
  fc.oneof({ arbitrary: fc.constant(values[0]), weight: good }, { arbitrary: fc.constantFrom(...values), weight: 2 }, { arbitrary: fc.constant(undefined), weight: 1 });
const DATES = ['2026-11-10 12:00:00', '2026-11-10', '2026-02-30 10:00:00', '2026-11-10 12:00:01', ' 2026-11-10 12:00:00', '', '1969-12-31 23:59:59'];
const orders = fc
  .record({
    id: maybe(['A1', 'ЗК-1', ' ', '', 'A2 ']),
    date: maybe(DATES),
    state: maybe(['done', 'new', 'partial_return', 'cancel', 'Done', '', ' done']),
    price: maybe(['100.00', '0', '-1', '12,5', '.5', '0.00', 'abc', ' 3']),
    commission: maybe(['10', '0', '1.5', '-2', '', ' 7']),
    lastorderdate: maybe([...DATES, '2026-11-11 00:00:00', '2026-11-10 12:00:00']),
    newclient: maybe(['0', '1', '2', '', ' 1', 'yes']),
    iscallcenter: maybe(['0', '1', 'x', '']),
    stateupdatedate: maybe(DATES),
    productsProblem: maybe(['text directly inside <products>']),
    products: fc.option(
      fc.array(
        fc.record({
          // 'own' is replaced by an id of the product's own; the others may double.
          id: maybe(['own', 'P1', 'P2', '', ' '], 40),
          category: maybe(['shoes', '', ' '], 40),
          price: maybe(['100.00', '0', '-1', 'x', '1e3'], 40),
          quantity: maybe(['1', '2', '0', '1.5', ''], 40),
        }),
        { maxLength: 18 },
      ),
      { nil: null, freq: 8 },
    ),
  })
  .map(({ productsProblem, products, ...fields }): RawOrder => {
    const raw = order(fields, products && products.map((p, i) => product({ ...p, id: p.id === 'own' ? `P-${i}` : p.id })), 7);
    for (const [key, value] of Object.entries(fields)) if (value === undefined) delete raw.fields[key as keyof typeof raw.fields];
    return productsProblem === undefined ? raw : { ...raw, productsProblem };
  });

describe('the clean-order lane', () => {
  it('stands for exactly the rules that judge one order or product (a rule added without its lane check would turn the lane off)', () => {
    expect([...LANE_KEYS].sort()).toEqual([...statelessKeys].sort());
  });

  it('takes a plain order, with the facts the full view has', () => {
    const raw = order({ commission: '10', lastorderdate: '2026-10-01', stateupdatedate: '2026-11-11' }, [product(), product({ id: 'P2' })]);
    const facts = cleanFacts(raw);
    const view = viewOf(raw);
    expect(facts).toEqual({ raw, id: view.id, line: view.line, date: view.date, state: view.state, paid: true, price: 100, values: { commission: '10', newclient: '1', iscallcenter: '0' } });
  });

  it('lets an order through only when no rule flags it, and then with the full view facts', () => {
    let clean = 0;
    fc.assert(
      fc.property(orders, (raw) => {
        const facts = cleanFacts(raw);
        if (facts === null) return;
        clean++;
        expect(findings(raw)).toEqual([]);
        const view = viewOf(raw);
        expect(facts).toEqual({
          raw,
          id: view.id,
          line: view.line,
          date: view.date,
          state: view.state,
          paid: view.paid,
          price: view.price,
          values: { commission: view.values.commission, newclient: view.values.newclient, iscallcenter: view.values.iscallcenter },
        });
      }),
      { numRuns: 4000 },
    );
    // The generator reaches the lane often enough for the property to mean something.
    expect(clean).toBeGreaterThan(20);
  });

  it('sends each kind of flagged order to the full path', () => {
    const flagged = [
      order({ lastorderdate: '2026-11-10 12:00:01' }),
      order({ newclient: '0' }),
      order({ price: '0' }),
      order({}, []),
      order({}, [product(), product()]),
      order({}, [product({ quantity: '0' })]),
      order({ stateupdatedate: '2026-11-10T12:00:00' }),
    ];
    for (const raw of flagged) {
      expect(findings(raw).length).toBeGreaterThan(0);
      expect(cleanFacts(raw)).toBeNull();
    }
  });
});
