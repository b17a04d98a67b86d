/**
 * The feed check: text chunks -> record parser -> one order at a time -> every rule -> FeedResult.
 * Memory: the order being read, counters, at most maxExamples examples per key, and the
 * fingerprints of the ids (duplicatedIds). Nothing here keeps an order once its rules ran.
 */
import { createXmlParser } from './xml-parser';
import { createCsvParser } from './csv-parser';
import { createFeedByteInput, type FeedByteInput } from './byte-input';
import {
  feedKindOf,
  type FeedCheckOptions,
  type FeedResult,
  type FeedStats,
  type PossibleImported,
  type RawOrder,
  type RecordParser,
  type RecordParserFactory,
  type FeedFormat,
  type WarningExample,
} from './types';
import { WARNING_KEYS, type WarningKey } from './warnings';
import { DEFAULT_MAX_UNTRACKED_SHARE, RULES, isAnalyticsMiss, isTestedOrder } from './rules';
import { dayOf } from './rules/values';
import { cleanFacts, LANE_KEYS } from './rules/clean-lane';
import { detach } from './parse/common';
import { viewOf, type OrderFacts, type Reporter, type RuleContext, type RuleRun } from './rules/rule';

export const DEFAULT_MAX_EXAMPLES = 10;

/** The record parser of each feed format. */
export const PARSERS: Record<FeedFormat, RecordParserFactory> = { xml: createXmlParser, csv: createCsvParser };

export interface OrderChecker {
  check(order: RawOrder): void;
  result(): FeedResult;
}

/** The rules and the stats over orders already parsed (the parser-free half of the checker). */
export function createOrderChecker(options: Omit<FeedCheckOptions, 'format'>): OrderChecker {
  const kind = feedKindOf(options.product);
  const maxExamples = options.maxExamples ?? DEFAULT_MAX_EXAMPLES;
  const ctx: RuleContext = {
    kind,
    checkDay: dayOf(options.now),
    maxExamples,
    maxUntrackedShare: options.maxUntrackedShare ?? DEFAULT_MAX_UNTRACKED_SHARE,
    ...(options.analytics ? { analytics: options.analytics } : {}),
  };
  const errors = new Map<WarningKey, WarningExample[]>();
  const counts = new Map<WarningKey, number>();
  const sink = options.failingRows;

  const reporterFor = (key: WarningKey): Reporter => {
    const add = (count: number, examples: readonly WarningExample[]) => {
      counts.set(key, (counts.get(key) ?? 0) + count);
      const kept = errors.get(key) ?? [];
      for (const example of examples) if (kept.length < maxExamples) kept.push(example);
      errors.set(key, kept);
    };
    // Values come from the chunk's text (parse/xml-records.ts finishValue): a kept example copies them.
    const exampleOf = (at: { id: string; line: number }, detail: string | undefined): WarningExample => ({
      orderId: detach(at.id),
      line: at.line,
      ...(detail ? { detail: detach(detail) } : {}),
    });
    /** Findings held until the feed's end: their count and first examples (bounded); the sink keeps the rest. */
    const held = { count: 0, examples: [] as WarningExample[] };
    return {
      report: (at, detail) => {
        sink?.row(key, at.line, at.id, detail ?? '');
        const kept = errors.get(key);
        if (kept !== undefined && kept.length >= maxExamples) counts.set(key, (counts.get(key) ?? 0) + 1);
        else add(1, [exampleOf(at, detail)]);
      },
      hold: (at, detail) => {
        sink?.held(key, at.line, at.id, detail ?? '');
        held.count++;
        if (held.examples.length < maxExamples) held.examples.push(exampleOf(at, detail));
      },
      releaseHeld: () => {
        if (held.count === 0) return;
        sink?.release(key);
        add(held.count, held.examples);
      },
      reportFeed: (detail) => {
        sink?.row(key, 0, '', detail);
        add(1, [{ orderId: '', line: 0, detail }]);
      },
    };
  };
  const keys = WARNING_KEYS.filter((key) => RULES[key].kinds.includes(kind));
  const reporters = keys.map(reporterFor);
  const runs: RuleRun[] = keys.map((key, i) => RULES[key].start(ctx, reporters[i]!));
  // Split by what each rule does per order, so the loops below call each one directly
  // (feed-level rules act only at the end: the per-order loops skip them).
  const findings = runs.flatMap((run, i) => (run.finding ? [{ finding: run.finding, reporter: reporters[i]! }] : []));
  const productFindings = runs.flatMap((run, i) => (run.productFinding ? [{ finding: run.productFinding, reporter: reporters[i]! }] : []));
  const statefulRuns = runs.filter((run) => run.order !== undefined);
  // Only when the lane stands for every active stateless rule (a rule added without its lane check turns it off).
  const lane = keys.every((key, i) => (runs[i]!.finding === undefined && runs[i]!.productFinding === undefined) || LANE_KEYS.has(key));

  const stats = newStats();
  const imported: Required<PossibleImported> | undefined = options.analytics ? { dayTested: options.analytics.day, ordersInFeed: 0, notInGA: 0, callCentre: 0 } : undefined;
  // Counted in Maps (cheaper than growing dictionary objects per order), copied into stats at the end.
  const months = new Map<string, number>();
  const states = new Map<string, number>();
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const dayOrders = options.countDay ? { day: options.countDay, orders: 0 } : undefined;
  /** Month of the previous dated order: orders mostly come in date order, so it is reused rather than sliced again. */
  let month = '';

  const addToStats = (o: OrderFacts) => {
    stats.numOrders.total++;
    if (o.values.newclient === '1') stats.numOrders.fromNewCustomers++;
    if (o.values.iscallcenter === '1') stats.numOrders.fromCallCenter++;
    if (o.date) {
      const { from, to } = stats.dateRange;
      if (from === null || o.date.text < from) stats.dateRange.from = detach(o.date.text);
      if (to === null || o.date.text > to) stats.dateRange.to = detach(o.date.text);
      if (month === '' || !o.date.day.startsWith(month)) month = o.date.day.slice(0, 7);
      count(months, month);
      if (dayOrders && o.date.day === dayOrders.day) dayOrders.orders++;
    }
    // Only the seven states: a feed of free-text states must not grow this map without bound.
    if (o.state) count(states, o.state);
    if (imported && options.analytics) {
      if (isTestedOrder(o, options.analytics)) {
        imported.ordersInFeed++;
        if (isAnalyticsMiss(o, options.analytics)) {
          imported.notInGA++;
          options.analyticsMisses?.(o.id, o.line);
        }
      } else if (isCallCentreOrderOf(o, options.analytics.day)) imported.callCentre++;
    }
  };

  let ended: FeedResult | undefined;
  return {
    check(order) {
      if (ended) throw new Error('the feed check has already ended');
      const facts = lane ? cleanFacts(order) : null;
      if (facts !== null) {
        // No stateless rule would flag it (clean-lane.ts): the stats and the stateful rules only.
        addToStats(facts);
        for (const run of statefulRuns) run.order!(facts);
        return;
      }
      const view = viewOf(order);
      addToStats(view);
      for (const { finding, reporter } of findings) {
        const detail = finding(view, ctx);
        if (detail !== null) reporter.report(view, detail || undefined);
      }
      for (const product of view.products) {
        for (const { finding, reporter } of productFindings) {
          const detail = finding(product, view);
          if (detail !== null) reporter.report({ id: view.id, line: product.line }, detail || undefined);
        }
      }
      for (const run of statefulRuns) run.order!(view);
    },
    result() {
      if (ended) return ended;
      for (const [key, n] of months) stats.monthlyStats[key] = n;
      for (const [key, n] of states) stats.stateStats[key] = n;
      const summary = { stats, ...(imported ? { possibleImported: imported } : {}) };
      for (const run of runs) run.end?.(summary);
      const result: FeedResult = { errors: {}, counts: {}, stats };
      for (const key of WARNING_KEYS) {
        const examples = errors.get(key);
        if (examples === undefined) continue;
        result.errors[key] = examples;
        result.counts[key] = counts.get(key) ?? 0;
      }
      if (imported) result.possibleImported = imported;
      if (dayOrders) result.dayOrders = dayOrders;
      ended = result;
      return result;
    },
  };
}

/** A call-centre order of the tested day: its own group beside the comparison (it never passes through the site). */
const isCallCentreOrderOf = (o: OrderFacts, day: string): boolean => o.values.iscallcenter === '1' && o.date !== null && o.date.day === day && o.id !== '';

const newStats = (): FeedStats => ({
  numOrders: { total: 0, fromNewCustomers: 0, fromCallCenter: 0 },
  dateRange: { from: null, to: null },
  monthlyStats: {},
  stateStats: {},
});

export interface FeedChecker {
  /** Text as it arrives, in any chunk size. Throws FeedParseError on unreadable input. */
  push(chunk: string): void;
  /**
   * Or the feed's bytes as read, in any chunk size (not both on one checker): the encoding is
   * chosen as decode.ts does, and a UTF-8 XML feed is read by the faster byte parser
   * (byte-input.ts). Keeps no reference to `bytes` after the call.
   */
  pushBytes(bytes: Uint8Array): void;
  /** Ends the input (may throw FeedParseError, e.g. truncated) and returns the result. */
  end(): FeedResult;
}

export function createFeedChecker(options: FeedCheckOptions, parserFactory?: RecordParserFactory): FeedChecker {
  const orders = createOrderChecker(options);
  const check = (order: RawOrder) => orders.check(order);
  const kind = feedKindOf(options.product);
  let parser: RecordParser | undefined;
  let input: FeedByteInput | undefined;
  const textParser = () => (parser ??= (parserFactory ?? PARSERS[options.format])(check, { kind }));
  return {
    push(chunk) {
      if (input) throw new Error('push() after pushBytes(): one checker takes text or bytes');
      textParser().push(chunk);
    },
    pushBytes(bytes) {
      if (parser) throw new Error('pushBytes() after push(): one checker takes text or bytes');
      // A caller's own parser factory is a text parser: its feed goes through the decoder.
      (input ??= createFeedByteInput(options.format, check, { kind, ...(parserFactory ? { textParser: parserFactory } : {}) })).push(bytes);
    },
    end() {
      if (input) input.end();
      else textParser().end();
      return orders.result();
    },
  };
}

/** Checks a whole feed given as chunks (an async source: a stream, a fetch body reader...). */
export async function checkFeed(chunks: AsyncIterable<string> | Iterable<string>, options: FeedCheckOptions): Promise<FeedResult> {
  const checker = createFeedChecker(options);
  for await (const chunk of chunks) checker.push(chunk);
  return checker.end();
}
