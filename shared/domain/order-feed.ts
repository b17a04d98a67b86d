import type { OtherResource } from './types';
import type { FeedErrorDetail, FeedFormat, FeedResult } from '../feed/types';

/**
 * The order / lead feed check as the portal runs it (spec: "Order feed / lead feed"): a check is
 * a background job. POST /api/order-feed/check answers at once with the check; the worker streams
 * the uploaded object or the URL through the engine (shared/feed), writing progress, then the
 * result; the page polls GET /api/order-feed/checks/{id}. One company runs one check at a time.
 */

/** Upload cap (presigned POST condition, checked again by the server: the local S3 does not enforce it). */
export const FEED_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024; // 1 GiB
/** Presigned POST lifetime. */
export const FEED_UPLOAD_EXPIRY_SECONDS = 15 * 60;
/** Fetch caps of a feed URL. */
export const FEED_FETCH_MAX_BYTES = 1024 * 1024 * 1024;
/** History entries kept per company (the page shows the newest). */
export const FEED_HISTORY_MAX = 60;

/** POST /api/order-feed/upload: a presigned POST for one file, straight to S3. */
export interface FeedUploadTicket {
  /** The form's action URL. */
  url: string;
  /** Form fields to send before the file (policy, signature, key, Content-Type...). */
  fields: Record<string, string>;
  /** The object key (under the company's prefix): the check refers to it. */
  key: string;
  maxBytes: number;
  expiresAt: string;
}

type FeedCheckStatus = 'queued' | 'running' | 'done' | 'failed';

export type FeedCheckSource =
  | { kind: 'upload'; key: string; fileName: string; size: number }
  /** The URL without its credentials (never stored nor shown). */
  | { kind: 'url'; url: string };

export interface FeedCheckProgress {
  /** Bytes read so far, and the size when known (upload, Content-Length). */
  bytes: number;
  totalBytes: number | null;
  orders: number;
}

/** A check the job could not finish: the feed could not be fetched or parsed (shown in a red callout). */
export interface FeedCheckFailure {
  /** e.g. fetch-refused, fetch-failed, too-large, timeout, malformed, binary... (FeedErrorCode or the fetcher's) */
  code: string;
  /** English, as the engine or the fetcher said it (shown as is when there is no detail). */
  message: string;
  /** The engine's refusal as a key and values, shown in the user's language (absent on fetch failures and older records). */
  detail?: FeedErrorDetail;
  /** 1-based line of the engine's refusal, when known (goes with detail). */
  line?: number;
  /** The HTTP status the feed's server answered (code `status` of an http(s) fetch): a 5xx, 408 or 429 is tried again the same day. */
  httpStatus?: number;
}

export interface FeedCheck {
  id: string;
  status: FeedCheckStatus;
  type: FeedFormat;
  viewId: string | null;
  source: FeedCheckSource;
  /** Who started it: a user id, or 'daily' for the scheduled re-check. */
  startedBy: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  progress: FeedCheckProgress;
  result: FeedResult | null;
  failure: FeedCheckFailure | null;
  /** This check completed the status_feed step (first clean check). */
  stepCompleted: boolean;
  /** This check stored the company's orderFeedUrl (first clean check of a URL). */
  feedUrlStored: boolean;
  /** Not the company's stored feed URL: its report only, no step changed, nothing stored (null on older checks). */
  otherResource: OtherResource | null;
  /** Every failing row of the feed, as one CSV to download (absent: none, or a check older than the download). */
  failingRows?: FeedCsvFile;
}

/** Examples kept per warning in a check's report (the CSV download holds every failing row). */
export const FEED_REPORT_EXAMPLES = 50;

/** A CSV a check wrote beside its result (failing rows, the tested day's missing ids): how many rows and bytes it holds. */
export interface FeedCsvFile {
  rows: number;
  bytes: number;
}

/** The CSV files of a check: the segment of their S3 key and of their download route. */
export type FeedCsvFileKind = 'failing-rows' | 'missing-ids';

/**
 * Days the feed bucket keeps an object (uploads and the checks' CSV files alike: the bucket's
 * lifecycle rule, lib/data.ts), so the page offers a file's download only this long after its check.
 */
export const FEED_FILES_KEPT_DAYS = 2;

/** GET /api/order-feed/checks/{id}/failing-rows and /missing-ids: a short-lived link to the CSV (too big for a Lambda answer). */
export interface FeedCsvLink {
  url: string;
  expiresAt: string;
}

/** A check still queued or running (not yet done or failed). */
export const isFeedCheckActive = (check: Pick<FeedCheck, 'status'> | null | undefined): boolean => check?.status === 'queued' || check?.status === 'running';

export type FeedHealth = 'clean' | 'warnings' | 'failed';

/** One line of the feed's history (every finished check, manual or daily). */
export interface FeedHistoryEntry {
  checkId: string;
  date: string;
  trigger: 'manual' | 'daily';
  health: FeedHealth;
  orders: number;
  warningKeys: string[];
  failure: FeedCheckFailure | null;
  /** The feed-versus-analytics comparison of this check (absent without analytics ids, and on older lines). */
  match?: FeedMatch;
  /** A daily re-check's orders created on the last complete day (the data-health volume kind; absent on manual checks). */
  dayOrders?: { day: string; orders: number };
  /** A daily re-check's run (its scheduled time) and which try of it this was: 0 the run's own, 1 and 2 the same-day retries (shared/domain/feed-retry.ts). */
  runAt?: string;
  attempt?: number;
}

/** One day's feed-versus-analytics match (the match-rate trend, docs/order-feed.md "Match rate"). */
export interface FeedMatch {
  /** The day compared (YYYY-MM-DD). */
  day: string;
  /** The day's feed orders compared, those analytics knows, those it does not. */
  inFeed: number;
  found: number;
  missing: number;
  /** The day's call-centre orders: their own group, left out of the comparison. */
  callCentre: number;
  /** The CSV of every missing order id (absent: none missing, or a line older than the download). */
  missingIds?: FeedCsvFile;
}

/** The match of a check's result, for its history line. */
export function feedMatchOf(result: FeedResult | null | undefined): FeedMatch | undefined {
  const compared = result?.possibleImported;
  if (!compared) return undefined;
  return {
    day: compared.dayTested,
    inFeed: compared.ordersInFeed,
    found: compared.ordersInFeed - compared.notInGA,
    missing: compared.notInGA,
    callCentre: compared.callCentre ?? 0,
  };
}

/** GET /api/order-feed: the latest check of the company (running or finished) and the history. */
export interface FeedOverview {
  current: FeedCheck | null;
  history: FeedHistoryEntry[];
  orderFeedUrl: string | null;
}

/** Health of a finished check: warnings are any raised key. */
export function feedHealth(check: Pick<FeedCheck, 'status' | 'result'>): FeedHealth | null {
  if (check.status === 'failed') return 'failed';
  if (check.status !== 'done' || !check.result) return null;
  return Object.keys(check.result.errors).length > 0 ? 'warnings' : 'clean';
}

/** Days the match-rate trend covers (the order-feed page and data health). */
export const MATCH_TREND_DAYS = 30;

export interface MatchPoint {
  day: string;
  /** The check the point comes from, and when it finished (its missing-ids download, kept FEED_FILES_KEPT_DAYS). */
  checkId: string;
  date: string;
  /** Share of the day's compared orders analytics knows, in percent (0 when none was compared). */
  rate: number;
  match: FeedMatch;
}

/**
 * The match-rate trend: one point per compared day within the last MATCH_TREND_DAYS days before
 * `today` (the day's latest check wins: a manual check after the night's re-check), oldest first.
 */
export function matchTrend(history: readonly FeedHistoryEntry[], today: string): MatchPoint[] {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - MATCH_TREND_DAYS * 86_400_000).toISOString().slice(0, 10);
  const byDay = new Map<string, { checkId: string; date: string; match: FeedMatch }>();
  for (const entry of history) {
    const match = entry.match;
    if (!match || match.day < from || match.day > today) continue;
    const seen = byDay.get(match.day);
    if (!seen || entry.date > seen.date) byDay.set(match.day, { checkId: entry.checkId, date: entry.date, match });
  }
  return [...byDay.values()]
    .map(({ checkId, date, match }) => ({ day: match.day, checkId, date, rate: match.inFeed === 0 ? 0 : Math.round((1000 * match.found) / match.inFeed) / 10, match }))
    .sort((a, b) => a.day.localeCompare(b.day));
}

/** The day's missing-ids file can still be downloaded: it exists and the bucket still keeps it. */
export const missingIdsKept = (point: Pick<MatchPoint, 'date' | 'match'>, now: Date): boolean =>
  point.match.missingIds !== undefined && Date.parse(point.date) + FEED_FILES_KEPT_DAYS * 86_400_000 > now.getTime();
