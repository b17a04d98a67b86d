/**
 * The rules: exactly one per warning key (the Record type makes the compiler check that every
 * key of the catalogue has its rule and no other). The mapping from the spec's feed rules to
 * the keys is written down in docs/feed-warnings/README.md.
 */
import type { WarningKey } from '../warnings';
import { FingerprintSet } from '../id-set';
import {
  CANCELLED_STATES,
  PAID_STATES,
  addDays,
  isFlag,
  isNonNegativeInteger,
  isMoment,
  isPositive,
} from './values';
import { BOTH, ORDERS_ONLY, feedRule, orderRule, productRule, type Finding, type OrderFacts, type OrderView, type ProductView, type Rule, type RuleContext } from './rule';
import { hugePrice } from './huge-price';

/** Findings name the offending value; long values are cut so an example stays short. */
const shown = (value: string): string => (value.length > 60 ? `"${value.slice(0, 57)}..."` : `"${value}"`);

/*
 * Each per-order and per-product rule below is a function of its own that reads its field by
 * name: closures made by one factory share one feedback vector in V8, so a factory reading
 * `o.values[field]` for seven fields ran a megamorphic keyed load and call in every rule.
 */
/** A finding without detail ('') when the value is absent. */
const whenAbsent = (value: string | undefined): Finding => (value === undefined ? '' : null);
/** Present but unreadable: the detail is the value. */
const whenUnreadable = (value: string | undefined, readable: boolean): Finding => (value !== undefined && !readable ? shown(value) : null);
/** A product field absent: the detail names the product when it has an id. */
const productAbsent = (product: ProductView, value: string | undefined): Finding => {
  if (value !== undefined) return null;
  const id = product.id;
  return id === undefined ? '' : `product ${shown(id)}`;
};

/** newclient is usable only as 0 or 1; anything else gives no conversion type. */
const newClientFlag = (o: OrderView): string | undefined => {
  const value = o.values.newclient;
  // Stryker disable next-line ConditionalExpression: isFlag(undefined) is false too; the check is for the type
  return value !== undefined && isFlag(value) ? value : undefined;
};
const sumStates = (stateStats: Record<string, number>, states: ReadonlySet<string>): number =>
  // Stryker disable next-line ArithmeticOperator: callers only compare the sum with 0, and counts are never negative
  [...states].reduce((sum, state) => sum + (stateStats[state] ?? 0), 0);

/** Product ids found more than once, in the order of their second occurrence. */
const doubledInMany = (products: readonly ProductView[]): string[] => {
  const ids = new Set<string>();
  const doubled = new Set<string>();
  for (const product of products) {
    const id = product.id;
    if (id === undefined) continue;
    if (ids.has(id)) doubled.add(id);
    ids.add(id);
  }
  return [...doubled];
};
/** The same for a few products, by comparing pairs: no sets to allocate. */
const doubledInFew = (products: readonly ProductView[]): string[] => {
  const doubled: string[] = [];
  for (let j = 1; j < products.length; j++) {
    const id = products[j]!.id;
    if (id === undefined || doubled.includes(id)) continue;
    for (let i = 0; i < j; i++) {
      if (products[i]!.id === id) {
        doubled.push(id);
        break;
      }
    }
  }
  return doubled;
};

/** An order id seen before (fingerprints only: see docs/feed-warnings/duplicatedIds.md). */
const duplicatedIds: Rule = {
  kinds: BOTH,
  start: (_ctx, reporter) => {
    const seen = new FingerprintSet();
    return {
      order(o) {
        if (o.id === '' || seen.add(o.id)) return;
        const conflict = o.raw.conflict;
        // Adjacent CSV rows that disagree: name both lines and the field (the fingerprints alone know no lines).
        reporter.report(o, conflict ? `rows on lines ${conflict.line} and ${o.line} differ in ${conflict.field}: ${shown(conflict.before)} / ${shown(conflict.after)}` : undefined);
      },
    };
  },
};

/** Commission is optional, but once one order has it every paid order needs it. */
const noCommission: Rule = {
  kinds: BOTH,
  start: (_ctx, reporter) => {
    // The first commission may come after paid orders without one: hold them until the end of the feed.
    let anyCommission = false;
    return {
      order(o) {
        const has = o.values.commission !== undefined;
        anyCommission ||= has;
        if (o.paid && !has) reporter.hold(o, `state ${o.state}`);
      },
      end() {
        if (anyCommission) reporter.releaseHeld();
      },
    };
  },
};

/** Share of a day's feed orders the analytics tool may miss (ad blockers, refused consent) unless the company sets its own. */
export const DEFAULT_MAX_UNTRACKED_SHARE = 0.2;

/** Feed orders of the tested day that analytics does not know, when too many of them are. */
const gaOrdersDontMatchXml: Rule = {
  kinds: BOTH,
  start: (ctx, reporter) => {
    const analytics = ctx.analytics;
    return {
      order(o) {
        if (analytics && isAnalyticsMiss(o, analytics)) reporter.hold(o, `not among the analytics ids of ${analytics.day}`);
      },
      end({ possibleImported }) {
        // Stryker disable next-line ConditionalExpression: with no order of the day, notInGA is 0 too and 0 / 0 is not above the share
        if (!possibleImported || possibleImported.ordersInFeed === 0) return;
        if (possibleImported.notInGA / possibleImported.ordersInFeed > ctx.maxUntrackedShare) reporter.releaseHeld();
      },
    };
  },
};

/** An order of the tested day that analytics should know (call-centre orders never pass through the site). */
export const isTestedOrder = (o: OrderFacts, analytics: { day: string }): boolean =>
  o.date !== null && o.date.day === analytics.day && o.id !== '' && o.values.iscallcenter !== '1';
export const isAnalyticsMiss = (o: OrderFacts, analytics: { day: string; has(id: string): boolean }): boolean =>
  isTestedOrder(o, analytics) && !analytics.has(o.id);

/** Orders this old have had time to be delivered and paid. */
const DONE_MIN_AGE_DAYS = 7;
/** Below this share of paid orders among the old ones, the feed probably does not update states. */
const DONE_MIN_SHARE = 0.2;
/** The share means little on a small feed: it applies from this many old orders. */
const DONE_MIN_OLD_ORDERS = 50;

const notEnoughDoneOrders: Rule = {
  kinds: BOTH,
  start: (ctx, reporter) => {
    const lastOldDay = addDays(ctx.checkDay, -DONE_MIN_AGE_DAYS);
    let old = 0;
    let oldPaid = 0;
    return {
      order(o) {
        if (o.date === null || o.date.day > lastOldDay) return;
        old++;
        if (o.paid) oldPaid++;
      },
      end({ stats }) {
        // No paid order at all is noOrdersDone's finding, not this one's.
        if (old < DONE_MIN_OLD_ORDERS || sumStates(stats.stateStats, PAID_STATES) === 0) return;
        if (oldPaid / old < DONE_MIN_SHARE)
          reporter.reportFeed(`${oldPaid} of ${old} orders dated ${lastOldDay} or earlier are done or partial_return (${((100 * oldPaid) / old).toFixed(1)}%)`);
      },
    };
  },
};

/** Days the feed must cover: it exports orders created or changed in the last 7 days. */
const WINDOW_DAYS = 7;

/**
 * The feed must reach back before the 7-day window (orders created earlier are there only
 * because they changed in it, so changed orders are exported) and hold orders created in it.
 */
const dateRangeTooShort = feedRule(({ stats }, ctx: RuleContext) => {
  const windowStart = addDays(ctx.checkDay, -WINDOW_DAYS);
  const { from, to } = stats.dateRange;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the range's ends are both set or both null
  if (from === null || to === null) return 'no order has a valid date';
  // Days compared as days; a date-time compares with a day as its day would (same start, longer text), so the slices are equivalent.
  // Stryker disable next-line MethodExpression: as said
  if (from.slice(0, 10) >= windowStart)
    return `oldest order ${from}: no order created before ${windowStart}, so orders changed in the last ${WINDOW_DAYS} days are missing`;
  // Stryker disable next-line MethodExpression: as said above
  if (to.slice(0, 10) < windowStart) return `newest order ${to}: no order created in the last ${WINDOW_DAYS} days (since ${windowStart})`;
  return null;
});

export const RULES: Record<WarningKey, Rule> = {
  missingId: orderRule((o) => whenAbsent(o.values.id)),
  duplicatedIds,
  missingDate: orderRule((o) => whenAbsent(o.values.date)),
  invalidDate: orderRule((o) => whenUnreadable(o.values.date, o.date !== null)),
  missingState: orderRule((o) => whenAbsent(o.values.state)),
  invalidState: orderRule((o) => whenUnreadable(o.values.state, o.state !== null)),
  missingPrice: orderRule((o) => whenAbsent(o.values.price)),
  invalidPrice: orderRule((o) => whenUnreadable(o.values.price, o.price !== null && o.price >= 0)),
  zeroPrice: orderRule((o) => (o.paid && o.price === 0 ? `state ${o.state}` : null)),
  hugePrice,
  noCommission,
  invalidCommission: orderRule((o) => {
    const value = o.values.commission;
    return value !== undefined && !isNonNegativeInteger(value) ? shown(value) : null;
  }),
  invalidLastorderdate: orderRule((o) => whenUnreadable(o.values.lastorderdate, o.lastOrderDate !== null)),
  lastorderdateIsBiggerThanDate: orderRule((o) =>
    o.lastOrderDate !== null && o.date !== null && o.lastOrderDate.time > o.date.time ? `lastorderdate ${o.lastOrderDate.text} > date ${o.date.text}` : null,
  ),
  noLastorderdate: orderRule((o) => (newClientFlag(o) === '0' && o.values.lastorderdate === undefined ? '' : null)),
  // Either one gives the conversion type; with neither, the order cannot be classed new/returning.
  noConversionType: orderRule((o) => (newClientFlag(o) === undefined && o.values.lastorderdate === undefined ? '' : null)),
  // newclient is required even when lastorderdate lets us derive it (noConversionType covers "neither").
  newClientTagMissing: orderRule((o) => {
    if (newClientFlag(o) !== undefined || o.values.lastorderdate === undefined) return null;
    const value = o.values.newclient;
    return value === undefined ? '' : `newclient ${shown(value)} is neither 0 nor 1`;
  }),
  invalidIscallcenter: orderRule((o) => {
    const value = o.values.iscallcenter;
    return value !== undefined && !isFlag(value) ? shown(value) : null;
  }),
  invalidStateupdatedate: orderRule((o) => {
    const value = o.values.stateupdatedate;
    // Stryker disable next-line StringLiteral: an unknown form accepts a day and a date-time too
    return value !== undefined && !isMoment(value, 'day-or-date-time') ? shown(value) : null;
  }),
  invalidProducts: orderRule((o) => (o.raw.productsProblem ? o.raw.productsProblem : null)),
  missingProductId: productRule((p) => productAbsent(p, p.id)),
  missingProductCategory: productRule((p) => productAbsent(p, p.category)),
  missingProductPrice: productRule((p) => productAbsent(p, p.priceText)),
  missingProductQuantity: productRule((p) => productAbsent(p, p.quantityText)),
  invalidProductPrice: productRule((p) => (p.priceText !== undefined && !isPositive(p.price) ? `price ${shown(p.priceText)}` : null)),
  invalidProductQuantity: productRule((p) => (p.quantityText !== undefined && !isPositive(p.quantity) ? `quantity ${shown(p.quantityText)}` : null)),
  doubleProductId: orderRule((o) => {
    const products = o.products;
    // Most orders have a few products: no set to build for them.
    // Shortcuts: one product has no double, and both finders give the same answer (the tests check both on 16 and 17).
    // Stryker disable next-line ConditionalExpression: as said
    if (products.length < 2) return null;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: as said
    const doubled = products.length <= 16 ? doubledInFew(products) : doubledInMany(products);
    return doubled.length > 0 ? doubled.map(shown).join(', ') : null;
  }),
  // Leads may come without products (lead feeds have no basket): order feeds only.
  emptyProducts: orderRule((o) => (o.paid && o.products.length === 0 ? `state ${o.state}` : null), ORDERS_ONLY),
  noProductsWithPrice: orderRule((o) => {
    const products = o.products;
    if (!o.paid || products.length === 0) return null;
    const priced = products.some((p) => isPositive(p.price) && isPositive(p.quantity));
    return priced ? null : `state ${o.state}, ${products.length} product(s)`;
  }, ORDERS_ONLY),
  gaOrdersDontMatchXml,
  noOrdersDone: feedRule(({ stats }) => (sumStates(stats.stateStats, PAID_STATES) === 0 ? `none of ${stats.numOrders.total} is done or partial_return` : null)),
  notEnoughDoneOrders,
  // refuse counts: like cancel it is an order that never became revenue, which is what the
  // attribution needs to see removed; return was paid first, so it does not count.
  noOrdersCancel: feedRule(({ stats }) => (sumStates(stats.stateStats, CANCELLED_STATES) === 0 ? `none of ${stats.numOrders.total} is cancel or refuse` : null)),
  dateRangeTooShort,
};
