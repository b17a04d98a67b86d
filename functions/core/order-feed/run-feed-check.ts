import { FEED_FETCH_MAX_BYTES, FEED_REPORT_EXAMPLES, feedHealth, feedMatchOf, type FeedCheckFailure, type FeedCsvFile, type FeedCsvFileKind, type FeedCheckProgress, type FeedHistoryEntry } from '../../../shared/domain/order-feed';
import { createFeedByteInput } from '../../../shared/feed/byte-input';
import { createOrderChecker } from '../../../shared/feed/checker';
import { addDays, dayOf } from '../../../shared/feed/rules/values';
import { FeedParseError, feedKindOf, type AnalyticsOrders, type FeedCheckOptions } from '../../../shared/feed/types';
import { getCompany, storeCompanyFieldOnce, storeOrderFeedHostKey, type CompanyRecord } from '../../data/companies';
import * as repo from '../../data/feed-checks';
import type { FeedCheckRecord } from '../../data/feed-checks';
import { openFeedUpload } from '../../data/feed-uploads';
import * as stepsRepo from '../../data/steps';
import type { StepRecord } from '../../data/steps';
import { getUser, type UserRecord } from '../../data/users';
import { FeedFetchError, allowFromEnv, openFeed, redactUrl, sameSftpServer } from '../../platform/feed-fetch';
import { claimResource, OWN, type Claim } from '../integration/own-resource';
import { analyticsOrders } from '../analytics/provider';
import { changeStepStatus } from '../integration/steps';
import { fitResult } from './fit-result';
import { createFailingRowsWriter, createMissingIdsWriter, type FailingRowsWriter, type MissingIdsWriter } from './failing-rows';
import { feedCsvFileUpload, type MultipartTarget } from '../../data/feed-csv-files';
import { FEED_CHECK_HEARTBEAT_MS, FEED_CHECK_STALL_MS, FEED_CHECK_WATCH_MS, leaseFrom } from './lease';
import { logger } from '../../platform/log';
import { MATCH_THRESHOLD_DEFAULT } from '../../../shared/domain/types';
import { finishFeedCheckWithEvents } from '../webhooks/events';

/**
 * Runs one feed check to its end, from any caller: the job started by POST /api/order-feed/check
 * (functions/jobs/feed-check.ts) or the daily re-check. Streams the upload (S3) or the URL (the
 * SSRF-guarded fetcher) through the decoder and the engine, chunk by chunk: memory stays flat
 * whatever the feed's size. Writes progress about once a second, then the result or a failure,
 * a history line, and on a clean check completes status_feed and stores the company's first feed URL.
 * SFTP host keys (trust on first use, docs/order-feed.md): the key seen is stored with the first
 * URL; a manual check of the stored URL's server replaces it (the customer chose that server); the
 * daily re-check requires it (RunOptions.sftpHostKey) and learns one for a record that has none.
 */

/** A readable of bytes: S3's GetObject body or the fetcher's stream (destroy stops the transfer). */
interface ByteStream extends AsyncIterable<Uint8Array> {
  destroy?(error?: Error): void;
}

export interface RunDeps {
  claimFeedCheck(companyId: string, id: string, at: string, leaseUntil: string): Promise<FeedCheckRecord | null>;
  /** Progress and the lease's renewal (a heartbeat is the same write); false when the check is no longer this worker's. */
  writeFeedCheckProgress(companyId: string, id: string, progress: FeedCheckProgress, at: string, lease: { until: string; attempt: number }): Promise<boolean>;
  /** false when the check is gone (its company was deleted meanwhile). */
  finishFeedCheck(record: FeedCheckRecord, entry: FeedHistoryEntry): Promise<boolean>;
  /** The first feed URL and its SFTP host key (null: none seen), in one write. */
  storeOrderFeedUrlOnce(companyId: string, url: string, hostKey: string | null): Promise<boolean>;
  /** The feed URL stored now (after a first-time storage lost to another check). */
  storedFeedUrl(companyId: string): Promise<string | null>;
  /** Pins `hostKey` while the stored URL is still `forUrl`; `onlyIfNone`: never replaces a key. */
  storeOrderFeedHostKey(companyId: string, forUrl: string, hostKey: string, onlyIfNone: boolean): Promise<boolean>;
  openUpload(key: string): Promise<{ body: ByteStream; contentLength: number | null } | null>;
  openUrl(
    url: string,
    options: { maxBytes: number; timeoutMs: number; sftpHostKey?: string },
  ): Promise<{ body: ByteStream; contentLength: number | null; hostKey?: string }>;
  analyticsOrders(propertyId: string, day: string): Promise<AnalyticsOrders>;
  /** Completes status_feed through the step engine (the team's mail); true when THIS call moved it. */
  completeFeedStep(company: CompanyRecord, startedBy: string): Promise<boolean>;
  /** Where one of the check's CSV files goes (an S3 multipart upload). */
  csvFile(file: FeedCsvFileKind, companyId: string, checkId: string, fileName: string): MultipartTarget;
  now(): Date;
  progressIntervalMs: number;
  /** The watchdog's period (lease.ts FEED_CHECK_WATCH_MS; tests shorten it). */
  watchIntervalMs?: number;
}

export interface RunOptions {
  /** The URL with its credentials, for a URL check (the stored check keeps it redacted). */
  feedUrl?: string;
  /** Epoch ms by which the check must have stopped (the Lambda's time left, minus a margin for the last writes). */
  deadline?: number;
  trigger?: FeedHistoryEntry['trigger'];
  /** sftp: the host key the server must present (the daily re-check's pin); another one fails the check ('host-key'). */
  sftpHostKey?: string;
  /** The day whose orders the history line counts (`dayOrders`): the daily re-check's last complete day. */
  countDay?: string;
  /** The daily re-check's run and try this check is (its history line's `runAt`, `attempt`). */
  dailyRun?: { runAt: string; attempt: number };
}

/** Who starts the daily re-check's checks (FeedCheck.startedBy), and how the step engine's mail names it. */
const DAILY = 'daily';
const DAILY_ACTOR = { firstName: 'Daily feed check', login: DAILY };
/** Idle time allowed between two bytes of a URL feed. */
const IDLE_TIMEOUT_MS = 60_000;

/** How a URL feed is fetched: no byte may wait longer than the idle limit, nor than the time left. */
export function urlFetchOptions({ maxBytes, timeoutMs, sftpHostKey }: { maxBytes: number; timeoutMs: number; sftpHostKey?: string }) {
  return { maxBytes, timeoutMs, idleTimeoutMs: Math.min(IDLE_TIMEOUT_MS, timeoutMs), ...(sftpHostKey ? { sftpHostKey } : {}) };
}

export interface FeedStepDeps {
  listSteps(companyId: string): Promise<StepRecord[]>;
  getUser(id: string): Promise<UserRecord | null>;
  changeStepStatus: typeof changeStepStatus;
}

/**
 * Completes status_feed through the step engine (its rules, its mail to the team), as the user who
 * started the check or, for the daily re-check, as the 'Daily feed check'. True when THIS call
 * moved it to done: a step already done, not mandatory or absent is left alone.
 */
export async function completeFeedStep(
  company: CompanyRecord,
  startedBy: string,
  deps: FeedStepDeps = { listSteps: stepsRepo.listSteps, getUser, changeStepStatus },
): Promise<boolean> {
  const step = (await deps.listSteps(company.id)).find((s) => s.stepType === 'status_feed');
  if (!step || step.status === 'done' || step.status === 'not_mandatory') return false;
  const user = startedBy === DAILY ? null : await deps.getUser(startedBy);
  const actor = { user: user ?? DAILY_ACTOR, role: user?.roles[0] ?? 'ROLE_USER' } as const;
  const status = await deps.changeStepStatus(company, actor, { stepType: 'status_feed', status: 'done', byCheck: true });
  return status.steps.find((s) => s.stepType === 'status_feed')?.status === 'done';
}

/** The real dependencies (tests of a retry change only the clock). */
export const defaultRunDeps: RunDeps = {
  claimFeedCheck: repo.claimFeedCheck,
  writeFeedCheckProgress: repo.writeFeedCheckProgress,
  finishFeedCheck: finishFeedCheckWithEvents,
  storeOrderFeedUrlOnce: (companyId, url, hostKey) => storeCompanyFieldOnce(companyId, 'orderFeedUrl', url, { orderFeedHostKey: hostKey }),
  storedFeedUrl: async (companyId) => (await getCompany(companyId))?.orderFeedUrl ?? null,
  storeOrderFeedHostKey,
  openUpload: (key) => openFeedUpload(key),
  // allowFromEnv: loopback test servers of the local test stack only (unset in every deployed stage).
  openUrl: (url, options) => openFeed(url, { ...urlFetchOptions(options), allow: allowFromEnv() }),
  analyticsOrders,
  completeFeedStep: (company, startedBy) => completeFeedStep(company, startedBy),
  csvFile: feedCsvFileUpload,
  now: () => new Date(),
  progressIntervalMs: 1000,
};

class CheckTimeout extends Error {}
class UploadGone extends Error {}
/** No byte from the feed for FEED_CHECK_STALL_MS (S3 or the feed's server stopped sending). */
class FeedStalled extends Error {}
/** The check record is no longer running (its company was deleted): stop reading, write nothing. */
class CheckGone extends Error {}

/**
 * A CSV's name when saved (the browser takes it from the object's Content-Disposition): the day it
 * is about (the check's, or the day compared with analytics) and the check's id.
 */
const csvFileName = (file: FeedCsvFileKind, day: string, checkId: string): string => `${file}-${day}-${checkId}.csv`;

function failureOf(error: unknown, minutes: number): FeedCheckFailure | null {
  if (error instanceof FeedParseError) {
    // The detail and line let the page say the refusal in the user's language; message stays English (logs, CLI).
    return { code: error.code, message: error.message, ...(error.detail ? { detail: error.detail } : {}), ...(error.line ? { line: error.line } : {}) };
  }
  if (error instanceof FeedFetchError) return { code: error.code, message: error.message, ...(error.httpStatus ? { httpStatus: error.httpStatus } : {}) };
  if (error instanceof CheckTimeout) return { code: 'timeout', message: `The check took longer than ${minutes} minutes and was stopped` };
  if (error instanceof UploadGone) return { code: 'upload-missing', message: 'The uploaded file is gone: upload it again' };
  if (error instanceof FeedStalled) return { code: 'stalled', message: `The feed stopped arriving for ${FEED_CHECK_STALL_MS / 1000} seconds: the check was stopped` };
  return null;
}

export async function runFeedCheck(company: CompanyRecord, check: FeedCheckRecord, options: RunOptions = {}, deps: RunDeps = defaultRunDeps): Promise<FeedCheckRecord> {
  const claimedAt = deps.now();
  const claimed = await deps.claimFeedCheck(company.id, check.id, claimedAt.toISOString(), leaseFrom(claimedAt));
  // Already taken (a repeated invoke of the same job, while its worker holds the lease), superseded or gone: nothing to do.
  if (!claimed) return check;
  const attempt = claimed.attempt ?? 1;
  const started = deps.now().getTime();
  const deadline = options.deadline ?? started + 14 * 60_000;
  const progress: FeedCheckProgress = { ...claimed.progress, bytes: 0, orders: 0 };
  const trigger = options.trigger ?? (claimed.startedBy === DAILY ? 'daily' : 'manual');
  let body: ByteStream | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  /** The SFTP server's host key fingerprint, when the feed came over SFTP. */
  let hostKey: string | undefined;
  let record: FeedCheckRecord;
  let missingIdsFile: FeedCsvFile | null = null;
  const failingRows: FailingRowsWriter = createFailingRowsWriter(deps.csvFile('failing-rows', company.id, check.id, csvFileName('failing-rows', claimed.createdAt.slice(0, 10), check.id)));
  /** Created once the analytics ids of the tested day are known (no comparison, no file). */
  let missingIds = null as MissingIdsWriter | null;
  try {
    const result = await readFeed().finally(() => clearInterval(watchdog));
    const rowsFile = await failingRows.finish();
    missingIdsFile = (await missingIds?.finish()) ?? null;
    const finishedAt = deps.now().toISOString();
    const clean = Object.keys(result.errors).length === 0;
    // Spec: the first clean check of a URL stores it; status_feed is done when a check of the company's feed returns without errors.
    const claim = await claimFeed(clean);
    const feedUrlStored = claim.storedNow;
    if (!feedUrlStored) await pinHostKey();
    const stepCompleted = clean && claim.own ? await deps.completeFeedStep(company, claimed.startedBy) : false;
    record = {
      ...claimed,
      status: 'done',
      progress,
      result,
      failure: null,
      updatedAt: finishedAt,
      finishedAt,
      stepCompleted,
      feedUrlStored,
      otherResource: claim.otherResource,
      ...(rowsFile ? { failingRows: rowsFile } : {}),
    };
  } catch (error) {
    body?.destroy?.();
    await failingRows.abort();
    await missingIds?.abort();
    if (error instanceof CheckGone) return claimed;
    const failure = failureOf(error, Math.round((deadline - started) / 60_000));
    if (!failure) {
      logger().error('feed check failed unexpectedly', { companyId: company.id, checkId: check.id, error: (error as Error).name, reason: (error as Error).message });
    }
    const at = deps.now().toISOString();
    record = {
      ...claimed,
      status: 'failed',
      progress,
      result: null,
      failure: failure ?? { code: 'internal', message: 'The check failed unexpectedly: try again in a moment' },
      updatedAt: at,
      finishedAt: at,
    };
  }
  const compared = feedMatchOf(record.result);
  const match = compared && missingIdsFile ? { ...compared, missingIds: missingIdsFile } : compared;
  await deps.finishFeedCheck(record, {
    checkId: record.id,
    date: record.finishedAt!,
    trigger,
    health: feedHealth(record) ?? 'failed',
    orders: record.result?.stats.numOrders.total ?? 0,
    warningKeys: Object.keys(record.result?.errors ?? {}),
    failure: record.failure,
    ...(match ? { match } : {}),
    ...(record.result?.dayOrders ? { dayOrders: record.result.dayOrders } : {}),
    ...(options.dailyRun ?? {}),
  });
  return record;

  async function readFeed() {
    const now = deps.now();
    const viewId = claimed!.viewId ?? company.viewId ?? null;
    const checkOptions: FeedCheckOptions = {
      format: claimed!.type,
      product: company.product,
      now,
      maxExamples: FEED_REPORT_EXAMPLES,
      // Every check of the company (manual, URL, upload, daily) runs here, so all use its setting.
      maxUntrackedShare: (company.matchThreshold ?? MATCH_THRESHOLD_DEFAULT) / 100,
      failingRows,
      // The daily re-check counts the orders of its run's last complete day (the volume health kind).
      ...(options.countDay ? { countDay: options.countDay } : {}),
    };
    if (viewId) {
      try {
        // The last complete day (the engine compares the feed's orders of that day).
        const day = addDays(dayOf(now), -1);
        checkOptions.analytics = await deps.analyticsOrders(viewId, day);
        const writer = createMissingIdsWriter(deps.csvFile('missing-ids', company.id, claimed!.id, csvFileName('missing-ids', day, claimed!.id)));
        missingIds = writer;
        checkOptions.analyticsMisses = writer.miss;
      } catch (error) {
        // The comparison is left out rather than guessed; the analytics steps report access problems.
        logger().warn('analytics orders unavailable', { companyId: company.id, error: (error as Error).name });
      }
    }
    const orders = createOrderChecker(checkOptions);
    // Bytes in: a UTF-8 XML feed goes to the byte parser, anything else through the decoder (byte-input.ts).
    const input = createFeedByteInput(
      checkOptions.format,
      (order) => {
        progress.orders++;
        orders.check(order);
      },
      { kind: feedKindOf(checkOptions.product) },
    );

    const source = claimed!.source;
    if (source.kind === 'upload') {
      const opened = await deps.openUpload(source.key);
      if (!opened) throw new UploadGone();
      body = opened.body;
      progress.totalBytes = opened.contentLength ?? source.size;
    } else {
      const left = deadline - deps.now().getTime();
      if (left <= 0) throw new CheckTimeout();
      const opened = await deps.openUrl(options.feedUrl ?? source.url, {
        maxBytes: FEED_FETCH_MAX_BYTES,
        timeoutMs: left,
        ...(options.sftpHostKey ? { sftpHostKey: options.sftpHostKey } : {}),
      });
      body = opened.body;
      hostKey = opened.hostKey;
      progress.totalBytes = opened.contentLength;
    }

    // The first chunk is reported at once (the page sees the check move), then at most once per interval.
    let lastWrite = -Infinity;
    /** The last byte's time; the watchdog's first look when none came yet (at most one period late). */
    let lastByte: number | null = null;
    const write = async (at: number) => {
      lastWrite = at;
      const written = await deps.writeFeedCheckProgress(company.id, claimed!.id, { ...progress }, new Date(at).toISOString(), { until: leaseFrom(at), attempt });
      if (!written) throw new CheckGone();
    };
    // The watchdog runs on its own timer, so a source that sends nothing more (S3 stalled, a hung
    // server) still meets the deadline and the stall limit, and a slow parse still renews the lease.
    // It fails the chunk being waited for, not a promise raced at every chunk: a race against one
    // long-pending promise keeps every chunk it ever settled alive (a 1M-order feed held 800 MB).
    let stopped: Error | null = null;
    let failWaiting: ((error: Error) => void) | null = null;
    const stop = (error: Error) => {
      stopped ??= error;
      failWaiting?.(error);
    };
    watchdog = setInterval(() => {
      const at = deps.now().getTime();
      lastByte ??= at;
      if (at > deadline) stop(new CheckTimeout());
      else if (at - lastByte > FEED_CHECK_STALL_MS) stop(new FeedStalled());
      else if (at - lastWrite >= FEED_CHECK_HEARTBEAT_MS) write(at).catch(stop);
    }, deps.watchIntervalMs ?? FEED_CHECK_WATCH_MS);
    const chunks = body[Symbol.asyncIterator]();
    for (;;) {
      const next = await new Promise<IteratorResult<Uint8Array>>((resolve, reject) => {
        if (stopped) return reject(stopped);
        failWaiting = reject;
        chunks.next().then(resolve, reject);
      });
      failWaiting = null;
      if (stopped) throw stopped;
      if (next.done) break;
      const chunk = next.value;
      progress.bytes += chunk.byteLength;
      input.push(chunk);
      await failingRows.flush();
      await missingIds?.flush();
      const at = deps.now().getTime();
      lastByte = at;
      if (at > deadline) throw new CheckTimeout();
      if (at - lastWrite >= deps.progressIntervalMs) await write(at);
    }
    input.end();
    return fitResult(orders.result());
  }

  /**
   * Whose feed this check read (integration/own-resource.ts): a URL is the stored one, or is
   * stored now by the first clean check; another URL changes nothing. An uploaded file is the
   * company's feed while no URL is stored; once one is, the daily re-check reads that URL, so an
   * upload is another resource (its report is shown, the step is left as it is).
   */
  async function claimFeed(clean: boolean): Promise<Claim> {
    const source = claimed!.source;
    if (source.kind === 'upload') {
      const stored = company.orderFeedUrl;
      return stored ? { own: false, storedNow: false, otherResource: { kind: 'orderFeedUrl', stored: redactUrl(stored) } } : OWN;
    }
    const url = options.feedUrl ?? source.url;
    // Without the URL as given (credentials and all) there is nothing the daily re-check could fetch: not stored.
    return claimResource('orderFeedUrl', company, url, clean && options.feedUrl !== undefined, {
      storeFirst: () => deps.storeOrderFeedUrlOnce(company.id, url, hostKey ?? null),
      reread: () => deps.storedFeedUrl(company.id),
    });
  }

  /** After a feed read to its end over SFTP: re-trust (manual) or learn (daily, none yet) the stored URL's host key. */
  async function pinHostKey(): Promise<void> {
    const stored = company.orderFeedUrl;
    const url = options.feedUrl;
    // Stryker disable next-line ConditionalExpression,LogicalOperator: narrows the types; without a key, a stored URL or the URL read, the conditions below say no too
    if (!hostKey || !stored || !url) return;
    if (hostKey === company.orderFeedHostKey) return;
    // The daily re-check fetched the stored URL itself without a pin: an older record learns its key.
    if (trigger === 'daily' && !company.orderFeedHostKey && url === stored) await deps.storeOrderFeedHostKey(company.id, stored, hostKey, true);
    // The customer (or the team) checked that same server by hand: they chose it, its key is trusted now.
    else if (trigger === 'manual' && sameSftpServer(url, stored)) await deps.storeOrderFeedHostKey(company.id, stored, hostKey, false);
  }
}
