/** What a rule is, and the constructors that keep each rule a few lines long. */
import type { AnalyticsOrders, FeedKind, FeedStats, OrderField, PossibleImported, RawOrder, RawProduct } from '../types';
import { knownState, readMoment, readNumber, usable, type Moment, type OrderState } from './values';

/** One order, read once for all the rules (each rule still decides on its own). */
export interface OrderView {
  raw: RawOrder;
  /** The usable value (`usable`: trimmed, blank = undefined) of each field the rules read, read once for all of them. */
  values: OrderValues;
  /** Order id as found ('' when missing). */
  id: string;
  line: number;
  /** The order's date when it is valid. */
  date: Moment | null;
  /** The state when it is one of the seven. */
  state: OrderState | null;
  /** done or partial_return. */
  paid: boolean;
  /** The price when it is a number. */
  price: number | null;
  /** lastorderdate when it is valid (a day alone is accepted). */
  lastOrderDate: Moment | null;
  /** The products, each read once for all the rules ([] when the order has none). */
  products: readonly ProductView[];
}

/**
 * What the stats and the stateful rules read of an order: all the clean-order lane builds
 * (clean-lane.ts), so a rule keeping state cannot read what only the full view has.
 */
export type OrderFacts = Pick<OrderView, 'raw' | 'id' | 'line' | 'date' | 'state' | 'paid' | 'price'> & {
  values: Pick<OrderValues, 'commission' | 'newclient' | 'iscallcenter'>;
};

/**
 * One product, read once for all the rules: one object per product (a separate object for the
 * values was one more allocation per product row, which CSV feeds have 2-3 per order of).
 */
export interface ProductView {
  raw: RawProduct;
  line: number;
  /** Each field's usable value (`usable`). */
  id: string | undefined;
  category: string | undefined;
  priceText: string | undefined;
  quantityText: string | undefined;
  /** price and quantity when they are numbers. */
  price: number | null;
  quantity: number | null;
}

function productViewOf(product: RawProduct): ProductView {
  const fields = product.fields;
  const priceText = usable(fields.price);
  const quantityText = usable(fields.quantity);
  return {
    raw: product,
    line: product.line,
    id: usable(fields.id),
    category: usable(fields.category),
    priceText,
    quantityText,
    price: priceText === undefined ? null : readNumber(priceText),
    quantity: quantityText === undefined ? null : readNumber(quantityText),
  };
}
const NO_PRODUCTS: readonly ProductView[] = [];

/** The order fields the rules and the stats read (a rule reading another field adds it here). */
type CheckedField = Exclude<OrderField, 'ordersource' | 'leadsource' | 'margin' | 'coupon'>;
/** The usable value (trimmed, blank = undefined) of each checked order field. */
type OrderValues = Readonly<Record<CheckedField, string | undefined>>;

/**
 * Reads each field once, into an object of one fixed shape: the rules' reads stay monomorphic
 * however the parser built `fields` (field order and absent fields vary from feed to feed).
 */
function valuesOf(order: RawOrder): OrderValues {
  const fields = order.fields;
  return {
    id: usable(fields.id),
    date: usable(fields.date),
    state: usable(fields.state),
    price: usable(fields.price),
    commission: usable(fields.commission),
    lastorderdate: usable(fields.lastorderdate),
    newclient: usable(fields.newclient),
    iscallcenter: usable(fields.iscallcenter),
    stateupdatedate: usable(fields.stateupdatedate),
  };
}

export function viewOf(order: RawOrder): OrderView {
  const values = valuesOf(order);
  const { date, state, price, lastorderdate: lastOrderDate } = values;
  // Stryker disable next-line ConditionalExpression: knownState(undefined) is null too; the check is for the type
  const known = state === undefined ? null : knownState(state);
  return {
    raw: order,
    values,
    id: values.id ?? '',
    line: order.line,
    date: date === undefined ? null : readMoment(date, 'date-time'),
    state: known,
    // PAID_STATES, compared directly (a Set lookup per order costs more than two compares).
    paid: known === 'done' || known === 'partial_return',
    price: price === undefined ? null : readNumber(price),
    // Stryker disable next-line StringLiteral: an unknown form accepts a day and a date-time too
    lastOrderDate: lastOrderDate === undefined ? null : readMoment(lastOrderDate, 'day-or-date-time'),
    // Stryker disable next-line ConditionalExpression: an empty list maps to an empty list; NO_PRODUCTS only saves the allocation
    products: order.products === null || order.products.length === 0 ? NO_PRODUCTS : order.products.map(productViewOf),
  };
}

export interface RuleContext {
  kind: FeedKind;
  /** The check's day (UTC), YYYY-MM-DD. */
  checkDay: string;
  analytics?: AnalyticsOrders;
  maxExamples: number;
  /** Share of the tested day's orders analytics may miss (gaOrdersDontMatchXml). */
  maxUntrackedShare: number;
}

/** Where a finding goes: counts every occurrence, keeps the first examples. */
export interface Reporter {
  report(at: { id: string; line: number }, detail?: string): void;
  /** A finding that counts only if the rule is raised at the feed's end (releaseHeld); otherwise dropped. */
  hold(at: { id: string; line: number }, detail?: string): void;
  /** Raises every finding held so far (its count, its first examples, its failing rows). */
  releaseHeld(): void;
  /** A finding about the feed as a whole (example with line 0 and no order id). */
  reportFeed(detail: string): void;
}

/** What the feed-level rules judge once every order went through. */
export interface FeedSummary {
  stats: FeedStats;
  possibleImported?: PossibleImported;
}

export interface RuleRun {
  /** A rule that keeps state sees each order here (its facts only: clean orders have no full view). */
  order?(order: OrderFacts): void;
  /**
   * A stateless rule's verdict on one order (orderRule), which the checker reports at the order.
   * Called by the checker directly: one call per order and rule, no wrapper in between.
   */
  finding?(order: OrderView, ctx: RuleContext): Finding;
  /** The same for each product of each order (productRule), reported at the product's line. */
  productFinding?(product: ProductView, order: OrderView): Finding;
  end?(summary: FeedSummary): void;
}

export interface Rule {
  /** Lead feeds skip the rules that only make sense for orders. */
  kinds: readonly FeedKind[];
  start(ctx: RuleContext, reporter: Reporter): RuleRun;
}

export const BOTH: readonly FeedKind[] = ['order', 'lead'];
export const ORDERS_ONLY: readonly FeedKind[] = ['order'];

/** A finding's detail ('' for none), or null when the order is fine. */
export type Finding = string | null;

/** A rule that looks at one order at a time and keeps nothing. */
export const orderRule = (check: (order: OrderView, ctx: RuleContext) => Finding, kinds = BOTH): Rule => ({
  kinds,
  start: () => ({ finding: check }),
});

/** A rule about each product of each order; the example points at the product's line. */
export const productRule = (check: (product: ProductView, order: OrderView) => Finding, kinds = BOTH): Rule => ({
  kinds,
  start: () => ({ productFinding: check }),
});

/** A rule judged once on the whole feed's summary. */
export const feedRule = (check: (summary: FeedSummary, ctx: RuleContext) => Finding, kinds = BOTH): Rule => ({
  kinds,
  start: (ctx, reporter) => ({
    end(summary) {
      const detail = check(summary, ctx);
      if (detail !== null) reporter.reportFeed(detail);
    },
  }),
});
