import type { FeedCheck, FeedCheckFailure } from 'shared/domain/order-feed';
import type { MessageId } from '../../i18n/t';
import { hasCriticalWarning } from 'shared/feed/critical';
import { FEED_ERROR_VALUES, type FeedErrorDetail, type FeedErrorKey, type FeedFormat, type FeedResult, type WarningExample } from 'shared/feed/types';
import { WARNING_KEYS, isWarningKey, type Language, type WarningKey } from 'shared/feed/warnings';

/**
 * Pure rules of the feed page (spec "Order feed / lead feed"), kept out of the components so the
 * unit tests read them directly.
 */

export { CRITICAL_WARNINGS } from 'shared/feed/critical';

/** Raised keys of a result in the catalogue's order (known keys only: the texts come from it). */
export function raisedWarnings(result: FeedResult): WarningKey[] {
  return WARNING_KEYS.filter((key) => (result.errors[key]?.length ?? 0) > 0 || (result.counts[key] ?? 0) > 0);
}

export const hasCritical = (result: FeedResult) => hasCriticalWarning(raisedWarnings(result));

/** Spec: the size in KB when the byte count has fewer than 7 digits, otherwise in MB (1024-based). */
export function fileSizeUnit(bytes: number): { value: number; unit: 'kilobyte' | 'megabyte' } {
  return String(Math.trunc(bytes)).length < 7 ? { value: bytes / 1024, unit: 'kilobyte' } : { value: bytes / (1024 * 1024), unit: 'megabyte' };
}

/** Days covered by the feed's orders, counting both ends ('1 day' for a single day). null without dates. */
export function dateRangeDays(range: { from: string | null; to: string | null }): number | null {
  if (!range.from || !range.to) return null;
  const day = (text: string) => Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));
  const days = Math.round((day(range.to) - day(range.from)) / 86_400_000) + 1;
  return Number.isFinite(days) && days > 0 ? days : null;
}

/** Months of the monthly chart in order; spec: shown only with 2 or more months. */
export const monthlySeries = (stats: FeedResult['stats']) =>
  Object.keys(stats.monthlyStats)
    .sort()
    .map((month) => ({ month, orders: stats.monthlyStats[month] ?? 0 }));

/** The spec's seven states in their life order, then any other state the feed used. */
const STATE_ORDER = ['new', 'wait', 'done', 'partial_return', 'return', 'cancel', 'refuse'];
export const stateSeries = (stats: FeedResult['stats']) =>
  Object.keys(stats.stateStats)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((state) => ({ state, orders: stats.stateStats[state] ?? 0 }));
const rank = (state: string) => {
  const index = STATE_ORDER.indexOf(state);
  return index === -1 ? STATE_ORDER.length : index;
};

export { isFeedCheckActive as isActive } from 'shared/domain/order-feed';

/** Progress of a running check, 0-1, or null when the size is unknown (a URL without Content-Length). */
export function progressRatio(progress: FeedCheck['progress']): number | null {
  if (!progress.totalBytes || progress.totalBytes <= 0) return null;
  return Math.min(1, progress.bytes / progress.totalBytes);
}

export const languageOf = (locale: string): Language => (locale.startsWith('fr') ? 'fr' : locale.startsWith('ru') ? 'ru' : 'en');

export const isKnownWarning = isWarningKey;

/** A feed-level finding (the whole feed, not an order) has no order id and line 0. */
export const isFeedLevel = (example: WarningExample) => example.line === 0 && example.orderId === '';

/** Sample feed of the description card (spec: "a description with a sample XML feed structure"). */
export function sampleFeed(kind: 'order' | 'lead'): string {
  const root = kind === 'order' ? 'orders' : 'leads';
  const item = kind === 'order' ? 'order' : 'lead';
  const source = kind === 'order' ? 'ordersource' : 'leadsource';
  // Optional order fields the spec's sample shows too (the engine reads them, no rule needs them).
  const extras = `
    <margin>38.97</margin>
    <coupon>AUTUMN10</coupon>`;
  // Leads have no basket (docs/feed-warnings/README.md): the lead sample leaves products out.
  const products = `
    <products>
      <product>
        <id>SKU-1</id>
        <category>shoes</category>
        <price>129.90</price>
        <quantity>1</quantity>
      </product>
    </products>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root}>
  <${item}>
    <id>A1001</id>
    <date>2026-11-20 14:05:00</date>
    <state>done</state>
    <price>129.90</price>
    <commission>15</commission>
    <lastorderdate>2026-10-02 09:12:00</lastorderdate>
    <newclient>0</newclient>
    <iscallcenter>0</iscallcenter>
    <stateupdatedate>2026-11-22</stateupdatedate>
    <${source}>web</${source}>${kind === 'order' ? extras + products : ''}
  </${item}>
</${root}>`;
}

/** Failure codes with a text of their own (the fetcher's, the parser's and the job's); others say 'other'. */
const FAILURE_CODE_LIST = [
  'scheme', 'url', 'credentials', 'dns', 'address', 'redirect', 'status', 'too-large', 'timeout', 'too-slow', 'ftp-passive', 'connection', 'protocol', 'host-key',
  'empty', 'binary', 'malformed', 'truncated', 'doctype', 'too-deep', 'token-too-large', 'wrong-root', 'csv-header', 'encoding',
  'upload-missing', 'not-started', 'interrupted', 'stalled', 'internal',
] as const;
type FailureCode = (typeof FAILURE_CODE_LIST)[number];
const FAILURE_CODES: ReadonlySet<string> = new Set(FAILURE_CODE_LIST);
const isFailureCode = (code: string | undefined): code is FailureCode => code !== undefined && FAILURE_CODES.has(code);

/** The user's-language sentence for a failed check; the server's own detail (a line number...) is shown under it. */
export const failureMessageId = (code: string | undefined): MessageId =>
  `orderFeed.failure.${isFailureCode(code) ? code : 'other'}` satisfies MessageId;

/**
 * The engine's refusal in the user's language: its catalogue id and values, or null when the
 * failure has no detail (fetch failures, records older than details) or a key this page does
 * not know (a newer server): the English message is shown then.
 */
export function failureDetail(failure: Pick<FeedCheckFailure, 'detail'> | null | undefined): { id: MessageId; values: NonNullable<FeedErrorDetail['values']> } | null {
  const detail = failure?.detail;
  if (!detail || !Object.hasOwn(FEED_ERROR_VALUES, detail.key)) return null;
  return { id: `feedError.${detail.key as FeedErrorKey}` satisfies MessageId, values: detail.values ?? {} };
}

/**
 * The feed type a file name or URL says by its extension (a URL's path only: `?format=csv` is the
 * server's business), or null when it says none.
 */
export function feedTypeOf(nameOrUrl: string): FeedFormat | null {
  const path = nameOrUrl.trim().split(/[?#]/, 1)[0]!.toLowerCase();
  if (path.endsWith('.csv')) return 'csv';
  if (path.endsWith('.xml')) return 'xml';
  return null;
}

/**
 * The type after the feed URL changed: its extension's; without one, the type the user chose by
 * hand, else the spec's default (xml). A previous check's type never carries over to a new URL.
 */
export const typeAfterUrlInput = (url: string, current: FeedFormat, chosenByHand: boolean): FeedFormat =>
  feedTypeOf(url) ?? (chosenByHand ? current : 'xml');
