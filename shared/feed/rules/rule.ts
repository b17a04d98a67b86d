/** What a rule is, and the constructors that keep each rule a few lines long. */
import type { AnalyticsOrders, FeedKind, FeedStats, PossibleImported, RawOrder, RawProduct, WarningExample } from '../types';
import { PAID_STATES, isKnownState, orderValue, readMoment, readNumber, type Moment, type OrderState } from './values';

/** One order, read once for all the rules (each rule still decides on its own). */
export interface OrderView {
  raw: RawOrder;
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
}

export function viewOf(order: RawOrder): OrderView {
  const date = orderValue(order, 'date');
  const state = orderValue(order, 'state');
  const price = orderValue(order, 'price');
  const lastOrderDate = orderValue(order, 'lastorderdate');
  const knownState = state !== undefined && isKnownState(state) ? (state as OrderState) : null;
  return {
    raw: order,
    id: orderValue(order, 'id') ?? '',
    line: order.line,
    date: date === undefined ? null : readMoment(date, 'date-time'),
    state: knownState,
    paid: knownState !== null && PAID_STATES.has(knownState),
    price: price === undefined ? null : readNumber(price),
    lastOrderDate: lastOrderDate === undefined ? null : readMoment(lastOrderDate, 'day-or-date-time'),
  };
}

export interface RuleContext {
  kind: FeedKind;
  /** The check's day (UTC), YYYY-MM-DD. */
  checkDay: string;
  analytics?: AnalyticsOrders;
  maxExamples: number;
}

/** Where a finding goes: counts every occurrence, keeps the first examples. */
export interface Reporter {
  report(at: { id: string; line: number }, detail?: string): void;
  /** Findings held back until the end of the feed: the full count plus the examples kept. */
  reportHeld(count: number, examples: readonly WarningExample[]): void;
  /** A finding about the feed as a whole (example with line 0 and no order id). */
  reportFeed(detail: string): void;
}

/** What the feed-level rules judge once every order went through. */
export interface FeedSummary {
  stats: FeedStats;
  possibleImported?: PossibleImported;
}

export interface RuleRun {
  order?(order: OrderView): void;
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
type Finding = string | null;

/** A rule that looks at one order at a time and keeps nothing. */
export const orderRule = (check: (order: OrderView, ctx: RuleContext) => Finding, kinds = BOTH): Rule => ({
  kinds,
  start: (ctx, reporter) => ({
    order(order) {
      const detail = check(order, ctx);
      if (detail !== null) reporter.report(order, detail || undefined);
    },
  }),
});

/** A rule about each product of each order; the example points at the product's line. */
export const productRule = (check: (product: RawProduct, order: OrderView) => Finding, kinds = BOTH): Rule => ({
  kinds,
  start: (_ctx, reporter) => ({
    order(order) {
      for (const product of order.raw.products ?? []) {
        const detail = check(product, order);
        if (detail !== null) reporter.report({ id: order.id, line: product.line }, detail || undefined);
      }
    },
  }),
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

/** Fixed-size list of the first examples, for findings decided only at the end of the feed. */
export class HeldExamples {
  readonly examples: WarningExample[] = [];
  count = 0;
  constructor(private readonly max: number) {}
  add(order: { id: string; line: number }, detail?: string): void {
    this.count++;
    if (this.examples.length < this.max) this.examples.push({ orderId: order.id, line: order.line, ...(detail ? { detail } : {}) });
  }
}
