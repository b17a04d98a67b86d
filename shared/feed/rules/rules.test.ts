import { describe, expect, it } from 'vitest';
import { checkFeed, createOrderChecker } from '../checker';
import type { AnalyticsOrders, FailingRowSink, FeedProduct, FeedResult, RawOrder } from '../types';
import { order, product } from '../testing/generate';
import type { WarningKey } from '../warnings';

const NOW = new Date('2026-11-21T10:00:00Z');

function check(
  orders: RawOrder[],
  options: { product?: FeedProduct; analytics?: AnalyticsOrders; maxExamples?: number; maxUntrackedShare?: number; failingRows?: FailingRowSink } = {},
): FeedResult {
  const checker = createOrderChecker({ product: options.product ?? '360', now: NOW, ...options });
  for (const o of orders) checker.check(o);
  return checker.result();
}
const raised = (orders: RawOrder[], key: WarningKey, options?: Parameters<typeof check>[1]) => check(orders, options).counts[key] ?? 0;
/** Renumbers ids so a list of orders has no accidental duplicate. */
const ids = (orders: RawOrder[]) => orders.map((o, i) => ({ ...o, line: 2 + i * 5, fields: { ...o.fields, id: o.fields.id === 'A1' ? `A${i + 1}` : o.fields.id } }));

/** Order-level keys: each bad order raises the key once, each good one does not. */
const ORDER_CASES: { key: WarningKey; bad: RawOrder[]; good: RawOrder[] }[] = [
  { key: 'missingId', bad: [order({ id: undefined }), order({ id: '' }), order({ id: '   ' })], good: [order({ id: '0' })] },
  { key: 'missingDate', bad: [order({ date: undefined }), order({ date: '' })], good: [order()] },
  {
    key: 'invalidDate',
    bad: ['2026-11-10', '2026-02-30 10:00:00', '2026-11-10T12:00:00', '2026-11-10 24:00:00', '2026-11-10 12:60:00', '2026-11-10 12:00:60', '10/11/2026 12:00:00', '2026-11-10 12:00'].map((date) => order({ date })),
    good: [order({ date: '2026-11-10 23:59:59' }), order({ date: '2024-02-29 00:00:00' }), order({ date: undefined })],
  },
  { key: 'missingState', bad: [order({ state: undefined }), order({ state: '' })], good: [order({ state: 'new' })] },
  {
    key: 'invalidState',
    bad: ['Done', 'shipped', 'partial return', 'DONE'].map((state) => order({ state })),
    good: ['new', 'wait', 'cancel', 'refuse', 'return', 'partial_return', 'done'].map((state) => order({ state })).concat(order({ state: undefined })),
  },
  { key: 'missingPrice', bad: [order({ price: undefined }), order({ price: '' })], good: [order({ price: '0', state: 'new' })] },
  {
    key: 'invalidPrice',
    bad: ['-1', '12,50', 'abc', '10 EUR', '1e3', 'NaN'].map((price) => order({ price })),
    good: [order({ price: '0', state: 'cancel' }), order({ price: '12.5' }), order({ price: '.5' }), order({ price: undefined })],
  },
  {
    key: 'zeroPrice',
    bad: [order({ price: '0' }), order({ price: '0.00', state: 'partial_return' })],
    good: [order({ price: '0', state: 'cancel' }), order({ price: '0', state: 'new' }), order({ price: '0.01' })],
  },
  {
    key: 'invalidCommission',
    bad: ['12.5', '-3', 'ten', '1 000'].map((commission) => order({ commission })),
    good: [order({ commission: '12' }), order({ commission: '0' }), order()],
  },
  {
    key: 'invalidLastorderdate',
    bad: ['yesterday', '2026-13-01', '2026-11-01T10:00:00'].map((lastorderdate) => order({ lastorderdate, newclient: '0' })),
    good: [order({ lastorderdate: '2026-11-01', newclient: '0' }), order({ lastorderdate: '2026-11-01 10:00:00', newclient: '0' })],
  },
  {
    key: 'lastorderdateIsBiggerThanDate',
    bad: [order({ newclient: '0', lastorderdate: '2026-11-10 12:00:01' }), order({ newclient: '0', lastorderdate: '2026-11-11' })],
    good: [order({ newclient: '0', lastorderdate: '2026-11-10 12:00:00' }), order({ newclient: '0', lastorderdate: '2026-11-10' }), order({ newclient: '0', lastorderdate: '2026-11-11', date: 'bad' })],
  },
  {
    key: 'noLastorderdate',
    bad: [order({ newclient: '0' }), order({ newclient: '0', lastorderdate: '' })],
    good: [order({ newclient: '0', lastorderdate: '2026-01-01' }), order({ newclient: '1' })],
  },
  {
    key: 'noConversionType',
    bad: [order({ newclient: undefined }), order({ newclient: 'yes' }), order({ newclient: '' })],
    good: [order({ newclient: '1' }), order({ newclient: '0', lastorderdate: '2026-01-01' }), order({ newclient: undefined, lastorderdate: '2026-01-01' })],
  },
  {
    key: 'newClientTagMissing',
    bad: [order({ newclient: undefined, lastorderdate: '2026-01-01' }), order({ newclient: 'true', lastorderdate: '2026-01-01' })],
    // With neither, the finding is noConversionType's, not this one's.
    good: [order({ newclient: undefined }), order({ newclient: '0', lastorderdate: '2026-01-01' })],
  },
  { key: 'invalidIscallcenter', bad: ['2', 'yes', 'true'].map((iscallcenter) => order({ iscallcenter })), good: [order({ iscallcenter: '1' }), order({ iscallcenter: undefined })] },
  {
    key: 'invalidStateupdatedate',
    bad: ['21/11/2026', '2026-11-31', '2026-11-20T10:00'].map((stateupdatedate) => order({ stateupdatedate })),
    good: [order({ stateupdatedate: '2026-11-20' }), order({ stateupdatedate: '2026-11-20 10:00:00' }), order()],
  },
  {
    key: 'invalidProducts',
    bad: [{ ...order(), productsProblem: 'text directly inside <products>' }],
    good: [order()],
  },
  { key: 'missingProductId', bad: [order({}, [product({ id: undefined })]), order({}, [product({ id: '' })])], good: [order()] },
  { key: 'missingProductCategory', bad: [order({}, [product({ category: undefined })])], good: [order()] },
  { key: 'missingProductPrice', bad: [order({}, [product({ price: undefined })])], good: [order({}, [product({ price: '0.01' })])] },
  { key: 'missingProductQuantity', bad: [order({}, [product({ quantity: '' })])], good: [order({}, [product({ quantity: '1' })])] },
  {
    key: 'invalidProductPrice',
    bad: ['0', '-1', 'abc', '9,90'].map((price) => order({}, [product({ price })])),
    good: [order({}, [product({ price: '0.01' })]), order({}, [product({ price: undefined })])],
  },
  {
    key: 'invalidProductQuantity',
    bad: ['0', '-2', 'two'].map((quantity) => order({}, [product({ quantity })])),
    good: [order({}, [product({ quantity: '1.5' })]), order({}, [product({ quantity: '3' })])],
  },
  {
    key: 'doubleProductId',
    bad: [order({}, [product(), product({ category: 'bags' })])],
    good: [order({}, [product(), product({ id: 'P2' })]), order({}, [product({ id: undefined }), product({ id: undefined })])],
  },
  {
    key: 'emptyProducts',
    bad: [order({}, null), order({}, []), order({ state: 'partial_return' }, [])],
    good: [order({ state: 'new' }, []), order({ state: 'cancel' }, null), order()],
  },
  {
    key: 'noProductsWithPrice',
    bad: [order({}, [product({ price: undefined })]), order({}, [product({ quantity: '0' }), product({ id: 'P2', price: 'x' })])],
    good: [order({}, [product({ price: undefined }), product({ id: 'P2' })]), order({ state: 'wait' }, [product({ price: undefined })]), order({}, [])],
  },
];

describe('order rules: each key from the smallest feed that raises it', () => {
  for (const { key, bad, good } of ORDER_CASES) {
    it(`${key}: raised once by each bad order`, () => {
      for (const o of bad) expect(raised([o], key), JSON.stringify(o)).toBe(1);
    });
    it(`${key}: not raised by the good orders`, () => {
      expect(raised(ids(good), key)).toBe(0);
    });
  }

  it('examples carry the order id, the line and the offending value', () => {
    const result = check([order({ id: 'X9', price: '12,50' }, [product()], 42)]);
    expect(result.errors.invalidPrice).toEqual([{ orderId: 'X9', line: 42, detail: '"12,50"' }]);
  });

  it('product findings point at the product line', () => {
    const o = order({ id: 'X1' }, [product(), product({ id: 'P2', quantity: '0' })], 10);
    expect(check([o]).errors.invalidProductQuantity).toEqual([{ orderId: 'X1', line: 12, detail: 'quantity "0"' }]);
  });

  it('examples are capped at maxExamples, counts are not', () => {
    const orders = Array.from({ length: 25 }, (_, i) => order({ id: `A${i}`, price: 'x' }, [product()], 2 + i));
    const result = check(orders, { maxExamples: 3 });
    expect(result.errors.invalidPrice?.map((e) => e.line)).toEqual([2, 3, 4]);
    expect(result.counts.invalidPrice).toBe(25);
    expect(check(orders).errors.invalidPrice).toHaveLength(10);
  });
});

describe('duplicatedIds', () => {
  it('counts every repeated occurrence, not the first one', () => {
    const result = check([order({ id: 'A1' }), order({ id: 'A2' }), order({ id: 'A1' }, [product()], 9), order({ id: 'A1' })]);
    expect(result.counts.duplicatedIds).toBe(2);
    expect(result.errors.duplicatedIds?.[0]).toEqual({ orderId: 'A1', line: 9 });
  });
  it('names both lines of adjacent CSV rows that share an id but not their order fields', async () => {
    const csv = [
      'id;date;state;price;commission;newclient;product_id;product_category;product_price;product_quantity',
      'A1;2026-11-20 10:00:00;done;30;3;1;P1;shoes;10;1',
      'A1;2026-11-20 10:00:00;done;30;3;1;P2;hats;20;1',
      'A1;2026-11-20 10:00:00;cancel;30;3;1;P1;shoes;10;1',
      'A2;2026-11-20 11:00:00;done;5;1;1;P3;hats;5;1',
      'A2;2026-11-20 11:00:00;done;6;1;1;P4;hats;1;1',
      '',
    ].join('\n');
    const result = await checkFeed([csv], { format: 'csv', product: '360', now: NOW });
    expect(result.counts.duplicatedIds).toBe(2);
    expect(result.errors.duplicatedIds).toEqual([
      { orderId: 'A1', line: 4, detail: 'rows on lines 2 and 4 differ in state: "done" / "cancel"' },
      { orderId: 'A2', line: 6, detail: 'rows on lines 5 and 6 differ in price: "5" / "6"' },
    ]);
    // Each version is kept as an order of its own: counted and checked.
    expect(result.stats.numOrders.total).toBe(4);
    expect(result.stats.stateStats).toEqual({ done: 3, cancel: 1 });
  });
  it('ignores orders without id (missingId says it) and is exact about near ids', () => {
    expect(raised([order({ id: undefined }), order({ id: '' }), order({ id: 'a1' }), order({ id: 'A1' }), order({ id: 'A1 ' })], 'duplicatedIds')).toBe(1);
  });
});

describe('doubleProductId on big baskets (pairs up to 16 products, a set above)', () => {
  const basket = (count: number, doubled: Array<[number, number]> = []) => {
    const ids = Array.from({ length: count }, (_, i) => `P${i}`);
    for (const [copy, of] of doubled) ids[copy] = ids[of]!;
    return order({ id: 'B1' }, ids.map((id) => product({ id })));
  };
  const detail = (o: RawOrder) => check([o]).errors.doubleProductId?.[0]?.detail;

  it.each([16, 17, 40, 500])('finds nothing in %i distinct products', (count) => {
    expect(raised([basket(count)], 'doubleProductId')).toBe(0);
  });

  it.each([16, 17, 40, 500])('finds a doubled id at the start, the end and both, in %i products', (count) => {
    expect(detail(basket(count, [[1, 0]]))).toBe('"P0"');
    expect(detail(basket(count, [[count - 1, count - 2]]))).toBe(`"P${count - 2}"`);
    // One finding per order, naming each doubled id once, even if tripled.
    expect(detail(basket(count, [[count - 1, 0], [count - 2, 0], [1, 2]]))).toBe(count > 3 ? '"P2", "P0"' : undefined);
    expect(raised([basket(count, [[count - 1, 0]])], 'doubleProductId')).toBe(1);
  });

  it('ignores products without id above 16 too', () => {
    const o = order({ id: 'B2' }, Array.from({ length: 20 }, () => product({ id: undefined })));
    expect(raised([o], 'doubleProductId')).toBe(0);
  });
});

describe('noCommission', () => {
  it('is raised for paid orders without commission once any order has one, whatever comes first', () => {
    expect(raised([order({ id: 'A1', commission: '10' }), order({ id: 'A2' })], 'noCommission')).toBe(1);
    const later = check([order({ id: 'A1' }), order({ id: 'A2', state: 'partial_return' }), order({ id: 'A3', commission: '5' })]);
    expect(later.counts.noCommission).toBe(2);
    expect(later.errors.noCommission?.map((e) => e.orderId)).toEqual(['A1', 'A2']);
  });
  it('is not raised when no order has a commission, nor for unpaid orders', () => {
    expect(raised([order({ id: 'A1' }), order({ id: 'A2' })], 'noCommission')).toBe(0);
    expect(raised([order({ id: 'A1', commission: '10' }), order({ id: 'A2', state: 'cancel' }), order({ id: 'A3', state: 'new', commission: '' })], 'noCommission')).toBe(0);
  });
});

describe('hugePrice (100 x the running median, after 30 prices or at the end of a feed of 5+)', () => {
  const priced = (prices: number[]) => prices.map((price, i) => order({ id: `A${i}`, price: String(price) }, [product()], 2 + i));
  const thirty = Array<number>(30).fill(100);
  it('raises a price just above 100 x the median, not one at exactly 100 x', () => {
    expect(raised(priced([...thirty, 10_000.01]), 'hugePrice')).toBe(1);
    expect(raised(priced([...thirty, 10_000]), 'hugePrice')).toBe(0);
  });
  it('judges the first prices too, once the median is known', () => {
    const result = check(priced([1_000_000, ...thirty]));
    expect(result.counts.hugePrice).toBe(1);
    expect(result.errors.hugePrice?.[0]?.orderId).toBe('A0');
  });
  it('judges a small feed at its end, from 5 prices on', () => {
    expect(raised(priced([100, 100, 100, 100, 1_000_000]), 'hugePrice')).toBe(1);
    expect(raised(priced([100, 100, 100, 1_000_000]), 'hugePrice')).toBe(0);
  });
  it('follows the feed as prices drift (a feed of expensive goods is not suspicious)', () => {
    expect(raised(priced(Array.from({ length: 3000 }, (_, i) => 50_000 + (i % 100) * 1000)), 'hugePrice')).toBe(0);
  });
  it('ignores zero, negative and unreadable prices in the median', () => {
    expect(raised(priced([0, 0, 0, 0, 0, 0, 100, 100, 100, 100, 5000]), 'hugePrice')).toBe(0);
  });
});

describe('feed-level rules', () => {
  const at = (id: string, date: string, state = 'done') => order({ id, date, state });
  const healthy = [at('A1', '2026-11-01 10:00:00'), at('A2', '2026-11-10 10:00:00', 'cancel'), at('A3', '2026-11-20 10:00:00', 'new')];

  it('noOrdersDone: no done nor partial_return at all', () => {
    expect(raised([at('A1', '2026-11-01 10:00:00', 'new'), at('A2', '2026-11-02 10:00:00', 'return')], 'noOrdersDone')).toBe(1);
    expect(raised([at('A1', '2026-11-01 10:00:00', 'partial_return')], 'noOrdersDone')).toBe(0);
    expect(check([]).errors.noOrdersDone).toEqual([{ orderId: '', line: 0, detail: 'none of 0 is done or partial_return' }]);
  });

  it('noOrdersCancel: cancel or refuse counts, return does not', () => {
    expect(raised([at('A1', '2026-11-01 10:00:00'), at('A2', '2026-11-01 10:00:00', 'return')], 'noOrdersCancel')).toBe(1);
    expect(raised([at('A1', '2026-11-01 10:00:00'), at('A2', '2026-11-01 10:00:00', 'refuse')], 'noOrdersCancel')).toBe(0);
    expect(raised(healthy, 'noOrdersCancel')).toBe(0);
  });

  describe('notEnoughDoneOrders (paid share of orders dated 7+ days before the check, from 50 of them)', () => {
    // Check day 2026-11-21: orders of 2026-11-14 or earlier are old enough.
    const feed = (old: number, oldPaid: number, oldDate = '2026-11-14 23:59:59') =>
      Array.from({ length: old }, (_, i) => at(`O${i}`, oldDate, i < oldPaid ? 'done' : 'cancel')).concat(
        Array.from({ length: 20 }, (_, i) => at(`N${i}`, '2026-11-20 10:00:00', i === 0 ? 'done' : 'new')),
      );
    it('is raised under 20%, not at exactly 20%', () => {
      expect(raised(feed(50, 9), 'notEnoughDoneOrders')).toBe(1);
      expect(raised(feed(50, 10), 'notEnoughDoneOrders')).toBe(0);
    });
    it('needs 50 old orders', () => {
      expect(raised(feed(49, 1), 'notEnoughDoneOrders')).toBe(0);
    });
    it('counts only orders at least 7 days old', () => {
      expect(raised(feed(50, 1, '2026-11-15 00:00:00'), 'notEnoughDoneOrders')).toBe(0);
    });
    it('leaves "no paid order at all" to noOrdersDone', () => {
      const none = feed(60, 0).filter((o) => o.fields.state !== 'done');
      const result = check(none);
      expect(result.counts.noOrdersDone).toBe(1);
      expect(result.counts.notEnoughDoneOrders).toBeUndefined();
    });
  });

  describe('dateRangeTooShort (check day 2026-11-21, window from 2026-11-14)', () => {
    it('is raised when no order is older than the window', () => {
      expect(raised([at('A1', '2026-11-14 00:00:00'), at('A2', '2026-11-20 10:00:00')], 'dateRangeTooShort')).toBe(1);
      expect(raised([at('A1', '2026-11-13 23:59:59'), at('A2', '2026-11-20 10:00:00')], 'dateRangeTooShort')).toBe(0);
    });
    it('is raised when no order was created in the window (a stale feed)', () => {
      expect(raised([at('A1', '2026-10-01 10:00:00'), at('A2', '2026-11-13 23:59:59')], 'dateRangeTooShort')).toBe(1);
      expect(raised([at('A1', '2026-10-01 10:00:00'), at('A2', '2026-11-14 00:00:00')], 'dateRangeTooShort')).toBe(0);
    });
    it('is raised when no date is readable', () => {
      expect(check([order({ date: 'x' })]).errors.dateRangeTooShort?.[0]?.detail).toBe('no order has a valid date');
    });
    it('is relative to options.now', () => {
      const orders = [at('A1', '2026-11-01 10:00:00'), at('A2', '2026-11-20 10:00:00')];
      const checker = createOrderChecker({ product: '360', now: new Date('2026-12-31T00:00:00Z') });
      orders.forEach((o) => checker.check(o));
      expect(checker.result().counts.dateRangeTooShort).toBe(1);
      expect(raised(orders, 'dateRangeTooShort')).toBe(0);
    });
  });
});

describe('gaOrdersDontMatchXml and possibleImported (analytics of 2026-11-20)', () => {
  const analytics = (known: string[]): AnalyticsOrders => ({ day: '2026-11-20', has: (id) => known.includes(id) });
  const day = Array.from({ length: 10 }, (_, i) => order({ id: `D${i}`, date: `2026-11-20 1${i}:00:00` }));
  const other = [order({ id: 'X1', date: '2026-11-19 10:00:00' })];
  const knownAllBut = (n: number) => day.slice(n).map((o) => o.fields.id!);

  it('is raised when more than 20% of the tested day are unknown to analytics', () => {
    const result = check([...day, ...other], { analytics: analytics(knownAllBut(3)) });
    expect(result.counts.gaOrdersDontMatchXml).toBe(3);
    expect(result.errors.gaOrdersDontMatchXml?.map((e) => e.orderId)).toEqual(['D0', 'D1', 'D2']);
    expect(result.possibleImported).toEqual({ dayTested: '2026-11-20', ordersInFeed: 10, notInGA: 3, callCentre: 0 });
  });
  it('follows the company\'s own share when it has one', () => {
    expect(raised([...day, ...other], 'gaOrdersDontMatchXml', { analytics: analytics(knownAllBut(3)), maxUntrackedShare: 0.3 })).toBe(0);
    expect(raised([...day, ...other], 'gaOrdersDontMatchXml', { analytics: analytics(knownAllBut(2)), maxUntrackedShare: 0.1 })).toBe(2);
  });
  it('is not raised at exactly 20%', () => {
    expect(raised([...day, ...other], 'gaOrdersDontMatchXml', { analytics: analytics(knownAllBut(2)) })).toBe(0);
  });
  it('leaves call-centre orders out: they never go through the site', () => {
    const phone = order({ id: 'C1', date: '2026-11-20 09:00:00', iscallcenter: '1' });
    const result = check([...day, phone], { analytics: analytics(knownAllBut(2)) });
    expect(result.possibleImported).toEqual({ dayTested: '2026-11-20', ordersInFeed: 10, notInGA: 2, callCentre: 1 });
  });
  it('without analytics ids, neither the warning nor possibleImported is guessed', () => {
    const result = check([...day, ...other]);
    expect(result.possibleImported).toBeUndefined();
    expect(result.counts.gaOrdersDontMatchXml).toBeUndefined();
  });
  it('a tested day without orders gives zero counts and no warning', () => {
    const result = check(other, { analytics: analytics([]) });
    expect(result.possibleImported).toEqual({ dayTested: '2026-11-20', ordersInFeed: 0, notInGA: 0, callCentre: 0 });
    expect(result.counts.gaOrdersDontMatchXml).toBeUndefined();
  });
});

describe('lead feeds', () => {
  it('leads may come without products: emptyProducts and noProductsWithPrice are order-only', () => {
    const lead = order({ leadsource: 'form', ordersource: undefined }, null);
    const asOrder = check([lead]);
    const asLead = check([lead], { product: 'lead' });
    expect(asOrder.counts.emptyProducts).toBe(1);
    expect(asLead.counts.emptyProducts).toBeUndefined();
    expect(check([order({}, [product({ price: undefined })])], { product: 'affiliate' }).counts.noProductsWithPrice).toBeUndefined();
  });
  it('products a lead does send are still checked, and the field rules apply', () => {
    const result = check([order({ id: '', price: 'x' }, [product({ category: undefined })])], { product: 'lead' });
    expect(Object.keys(result.counts)).toEqual(expect.arrayContaining(['missingId', 'invalidPrice', 'missingProductCategory']));
  });
});

describe('stats', () => {
  it('counts orders, new customers, call-centre orders, dates, months and states', () => {
    const result = check([
      order({ id: 'A1', date: '2026-10-31 23:00:00', newclient: '1', iscallcenter: '1' }),
      order({ id: 'A2', date: '2026-11-02 08:00:00', newclient: '0', lastorderdate: '2026-01-01', state: 'cancel' }),
      order({ id: 'A3', date: 'bad', state: 'weird' }),
      order({ id: 'A4', date: '2026-11-01 00:00:00', newclient: undefined }),
    ]);
    expect(result.stats).toEqual({
      numOrders: { total: 4, fromNewCustomers: 2, fromCallCenter: 1 },
      dateRange: { from: '2026-10-31 23:00:00', to: '2026-11-02 08:00:00' },
      monthlyStats: { '2026-10': 1, '2026-11': 2 },
      stateStats: { done: 2, cancel: 1 },
    });
  });
});

describe('what each finding says (the example\'s detail)', () => {
  const detailOf = (orders: RawOrder[], key: WarningKey, options?: Parameters<typeof check>[1]) => check(orders, options).errors[key]?.[0]?.detail;
  const long = 'x'.repeat(61);

  it('quotes the value, cut to 57 characters and an ellipsis past 60', () => {
    expect(detailOf([order({ price: 'x'.repeat(60) })], 'invalidPrice')).toBe(`"${'x'.repeat(60)}"`);
    expect(detailOf([order({ price: long })], 'invalidPrice')).toBe(`"${'x'.repeat(57)}..."`);
  });

  it.each([
    ['missingId', [order({ id: undefined })], undefined],
    ['missingDate', [order({ date: undefined })], undefined],
    ['zeroPrice', [order({ price: '0', state: 'partial_return' })], 'state partial_return'],
    ['lastorderdateIsBiggerThanDate', [order({ newclient: '0', lastorderdate: '2026-11-11' })], 'lastorderdate 2026-11-11 00:00:00 > date 2026-11-10 12:00:00'],
    ['noLastorderdate', [order({ newclient: '0' })], undefined],
    ['noConversionType', [order({ newclient: undefined })], undefined],
    ['newClientTagMissing', [order({ newclient: undefined, lastorderdate: '2026-01-01' })], undefined],
    ['newClientTagMissing', [order({ newclient: 'true', lastorderdate: '2026-01-01' })], 'newclient "true" is neither 0 nor 1'],
    ['invalidStateupdatedate', [order({ stateupdatedate: '21/11/2026' })], '"21/11/2026"'],
    ['missingProductCategory', [order({}, [product({ category: undefined })])], 'product "P1"'],
    ['missingProductCategory', [order({}, [product({ id: undefined, category: undefined })])], undefined],
    ['invalidProductPrice', [order({}, [product({ price: '-1' })])], 'price "-1"'],
    ['emptyProducts', [order({}, [])], 'state done'],
    ['noProductsWithPrice', [order({}, [product({ price: '0' }), product({ id: 'P2', quantity: '0' })])], 'state done, 2 product(s)'],
    ['noCommission', [order({ id: 'A1', commission: '3' }), order({ id: 'A2', state: 'partial_return' })], 'state partial_return'],
  ] as const)('%s: %j', (key, orders, detail) => {
    expect(check([...orders]).errors[key]?.[0]).toEqual(detail === undefined ? expect.not.objectContaining({ detail: expect.anything() }) : expect.objectContaining({ detail }));
    expect(check([...orders]).counts[key]).toBe(1);
  });

  it('feed-level findings name their figures', () => {
    const at = (id: string, date: string, state = 'done') => order({ id, date, state });
    expect(detailOf([at('A1', '2026-11-01 10:00:00'), at('A2', '2026-11-02 10:00:00')], 'noOrdersCancel')).toBe('none of 2 is cancel or refuse');
    expect(detailOf([at('A1', '2026-11-14 00:00:00'), at('A2', '2026-11-20 10:00:00')], 'dateRangeTooShort')).toBe(
      'oldest order 2026-11-14 00:00:00: no order created before 2026-11-14, so orders changed in the last 7 days are missing',
    );
    expect(detailOf([at('A1', '2026-10-01 10:00:00'), at('A2', '2026-11-13 23:59:59')], 'dateRangeTooShort')).toBe(
      'newest order 2026-11-13 23:59:59: no order created in the last 7 days (since 2026-11-14)',
    );
    const old = Array.from({ length: 60 }, (_, i) => at(`O${i}`, '2026-11-01 10:00:00', i < 3 ? 'done' : 'cancel'));
    expect(detailOf(old, 'notEnoughDoneOrders')).toBe('3 of 60 orders dated 2026-11-14 or earlier are done or partial_return (5.0%)');
  });

  it('an order unknown to analytics says which day it was compared with', () => {
    const analytics: AnalyticsOrders = { day: '2026-11-20', has: () => false };
    expect(detailOf([order({ id: 'D1', date: '2026-11-20 10:00:00' })], 'gaOrdersDontMatchXml', { analytics })).toBe('not among the analytics ids of 2026-11-20');
  });

  it('the tested day counts only orders with an id and a valid date of that day', () => {
    const analytics: AnalyticsOrders = { day: '2026-11-20', has: (id) => id === 'K1' };
    const result = check([order({ id: 'K1', date: '2026-11-20 10:00:00' }), order({ id: '', date: '2026-11-20 11:00:00' }), order({ id: 'B1', date: 'bad' })], { analytics });
    expect(result.possibleImported).toEqual({ dayTested: '2026-11-20', ordersInFeed: 1, notInGA: 0, callCentre: 0 });
  });

  it('held findings keep the detail of each example, at most maxExamples of them', () => {
    const orders = [order({ id: 'C0', commission: '3' }), ...Array.from({ length: 5 }, (_, i) => order({ id: `N${i}`, state: i % 2 ? 'done' : 'partial_return' }))];
    const result = check(orders, { maxExamples: 3 });
    expect(result.counts.noCommission).toBe(5);
    expect(result.errors.noCommission).toEqual([
      { orderId: 'N0', line: 2, detail: 'state partial_return' },
      { orderId: 'N1', line: 2, detail: 'state done' },
      { orderId: 'N2', line: 2, detail: 'state partial_return' },
    ]);
  });
});

describe('failing rows: every finding, beyond the examples', () => {
  const sink = () => {
    const rows: string[] = [];
    const held = new Map<string, string[]>();
    const recorder: FailingRowSink = {
      row: (key, line, id, detail) => rows.push(`${key}|${line}|${id}|${detail}`),
      held: (key, line, id, detail) => held.set(key, [...(held.get(key) ?? []), `${key}|${line}|${id}|${detail}`]),
      release: (key) => rows.push(...(held.get(key) ?? [])),
    };
    return { rows, recorder };
  };
  it('hands every occurrence to the sink while the result keeps maxExamples', () => {
    const { rows, recorder } = sink();
    const result = check(
      Array.from({ length: 7 }, (_, i) => order({ id: `P${i}`, price: 'x' }, [product()], 2 + i)),
      { maxExamples: 2, failingRows: recorder },
    );
    expect(result.errors.invalidPrice).toHaveLength(2);
    expect(rows.filter((r) => r.startsWith('invalidPrice|'))).toEqual(Array.from({ length: 7 }, (_, i) => `invalidPrice|${2 + i}|P${i}|"x"`));
  });
  it('a held finding reaches the rows only when its rule is raised at the end', () => {
    const paid = Array.from({ length: 4 }, (_, i) => order({ id: `N${i}`, state: 'done' }, [product()], 2 + i));
    const raisedSink = sink();
    check([...paid, order({ id: 'C', commission: '3' }, [product()], 9)], { maxExamples: 1, failingRows: raisedSink.recorder });
    expect(raisedSink.rows.filter((r) => r.startsWith('noCommission|'))).toHaveLength(4);
    const quiet = sink();
    check(paid, { failingRows: quiet.recorder });
    expect(quiet.rows.filter((r) => r.startsWith('noCommission|'))).toEqual([]);
  });
});

describe('hugePrice: the median it compares with', () => {
  const priced = (prices: number[]) => prices.map((price, i) => order({ id: `A${i}`, price: String(price) }, [product()], 2 + i));

  it('is the middle of the SORTED prices seen', () => {
    // 20 prices of 1 and 10 of 1000, the 1000s in the middle of the feed: the median is 1, so each 1000 is huge.
    const prices = [...Array<number>(10).fill(1), ...Array<number>(10).fill(1000), ...Array<number>(10).fill(1)];
    expect(raised(priced(prices), 'hugePrice')).toBe(10);
  });

  it('of an even count is the mean of the two middle prices', () => {
    const prices = [...Array<number>(15).fill(1), ...Array<number>(15).fill(1000), 60_000];
    const result = check(priced(prices));
    expect(result.counts.hugePrice).toBe(1);
    expect(result.errors.hugePrice?.[0]?.detail).toBe('price 60000 > 100 x median 500.5');
  });

  it('follows a feed whose prices all move up: once it has, the new prices are not huge', () => {
    // 1100 prices of 100, then prices 1000 times higher: they are huge until the sampled median
    // has followed them; past that point, more of them add nothing.
    const low = Array<number>(1100).fill(100);
    const shifted = (count: number) => raised(priced([...low, ...Array<number>(count).fill(100_000)]), 'hugePrice');
    const early = shifted(4000);
    expect(early).toBeGreaterThan(0);
    expect(shifted(8000)).toBe(early);
  });
});
