import type { FeedCheck, FeedCheckSource } from '../../../shared/domain/order-feed';
import type { FeedFormat } from '../../../shared/feed/types';
import type { FeedCheckRequest } from '../../../shared/schemas/order-feed';
import type { CompanyRecord } from '../../data/companies';
import * as repo from '../../data/feed-checks';
import type { FeedCheckRecord } from '../../data/feed-checks';
import { ValidationError } from '../../platform/errors';
// target, not the index: the handler's bundle needs no transport (ssh2, basic-ftp).
import { redactUrl } from '../../platform/feed-fetch/redact';
import { startJob } from '../../platform/jobs';
import { companiesWithViewId } from '../../data/companies';
import { ensureOwnView } from '../analytics/view-owner';
import { finishFeedCheckWithEvents } from '../webhooks/events';
import { FEED_CHECK_QUEUED_MS, holdsCompany } from './lease';
import { uploadedFeed, type UploadedFeed } from './uploaded-feed';
import { FEED_CHECK_STALE_MS, asSeen, toFeedCheck } from './views';

/**
 * The feed check as a job (docs/order-feed.md): the request creates a queued check (or answers
 * the one already running for the company) and starts the worker, which streams the feed through
 * the engine (run-feed-check.ts). The daily re-check calls openFeedCheck + runFeedCheck itself.
 */

/** Schemes the worker fetches (functions/platform/feed-fetch enforces it again, with the rest of the guard). */
const FETCHED_SCHEMES = new Set(['http:', 'https:', 'ftp:', 'sftp:']);

export interface OpenCheckInput {
  type: FeedFormat;
  viewId: string | null;
  source: FeedCheckSource;
  startedBy: string;
  /** The URL as given, credentials included (FeedCheckRecord.fetchUrl). */
  fetchUrl?: string;
}

export interface CheckDeps {
  createFeedCheck(record: FeedCheckRecord, staleBefore: string): Promise<boolean>;
  getRunningMarker(companyId: string): Promise<{ checkId: string; startedAt: string } | null>;
  getFeedCheck(companyId: string, id: string): Promise<FeedCheckRecord | null>;
  releaseRunningMarker(companyId: string, checkId: string): Promise<void>;
  finishFeedCheck: typeof repo.finishFeedCheck;
  uploadedFeed(companyId: string, key: string): Promise<UploadedFeed>;
  /** Ids of the companies whose stored View ID this is: the comparison with analytics reads only the company's own. */
  viewOwners(viewId: string): Promise<string[]>;
  startJob(payload: FeedCheckJob): Promise<void>;
  newId(now: Date): string;
  now(): Date;
}

/** The job's payload: ids only. The URL the job fetches is on the check record (FeedCheckRecord.fetchUrl). */
export interface FeedCheckJob {
  companyId: string;
  checkId: string;
}

/** The real dependencies (tests move only the clock). */
export const checkDeps: CheckDeps = {
  createFeedCheck: repo.createFeedCheck,
  getRunningMarker: repo.getRunningMarker,
  getFeedCheck: repo.getFeedCheck,
  releaseRunningMarker: repo.releaseRunningMarker,
  finishFeedCheck: finishFeedCheckWithEvents,
  uploadedFeed: (companyId, key) => uploadedFeed(companyId, key),
  viewOwners: companiesWithViewId,
  startJob: (payload) => startJob('feed-check', { ...payload }),
  newId: repo.newFeedCheckId,
  now: () => new Date(),
};

/**
 * A new queued check, or the company's running one (`created: false`): one company, one check
 * at a time. Two requests at once: the conditional marker lets exactly one create.
 */
export async function openFeedCheck(
  companyId: string,
  input: OpenCheckInput,
  deps: CheckDeps = checkDeps,
): Promise<{ check: FeedCheckRecord; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = deps.now();
    const staleBefore = new Date(now.getTime() - FEED_CHECK_STALE_MS).toISOString();
    const at = now.toISOString();
    const record: FeedCheckRecord = {
      id: deps.newId(now),
      companyId,
      status: 'queued',
      type: input.type,
      viewId: input.viewId,
      source: input.source,
      startedBy: input.startedBy,
      createdAt: at,
      updatedAt: at,
      finishedAt: null,
      progress: { bytes: 0, totalBytes: input.source.kind === 'upload' ? input.source.size : null, orders: 0 },
      result: null,
      failure: null,
      stepCompleted: false,
      feedUrlStored: false,
      // Its job has this long to claim it (lease.ts): an invoke that was lost does not block the company.
      leaseUntil: new Date(now.getTime() + FEED_CHECK_QUEUED_MS).toISOString(),
      otherResource: null,
      ...(input.fetchUrl ? { fetchUrl: input.fetchUrl } : {}),
    };
    if (await deps.createFeedCheck(record, staleBefore)) return { check: record, created: true };
    const marker = await deps.getRunningMarker(companyId);
    const running = marker && (await deps.getFeedCheck(companyId, marker.checkId));
    if (running && holdsCompany(running, now)) return { check: running, created: false };
    // A finished check whose job has not released its marker yet (it writes the result first), or
    // one whose worker died (its lease ran out: lease.ts): release it here, so a new request never
    // gets a finished or dead check back; the delete is conditional on that check's id, so a newer
    // check's marker is never touched.
    if (marker && running) await deps.releaseRunningMarker(companyId, marker.checkId);
    // Or the marker went away between the two reads (that check just finished): try again.
  }
  throw new Error('Could not open a feed check: the running marker keeps changing');
}

/** POST /api/order-feed/check */
export async function startFeedCheck(company: CompanyRecord, userId: string, request: FeedCheckRequest, deps: CheckDeps = checkDeps): Promise<FeedCheck> {
  if (request.view_id) await ensureOwnView(company, request.view_id, deps.viewOwners);
  let source: FeedCheckSource;
  if (request.upload_key) {
    const upload = await deps.uploadedFeed(company.id, request.upload_key);
    source = { kind: 'upload', key: upload.key, fileName: upload.fileName, size: upload.size };
  } else if (request.feed_url) {
    const scheme = safeProtocol(request.feed_url);
    // Early and clear; the fetcher checks the scheme again with the rest of the SSRF guard.
    if (!scheme || !FETCHED_SCHEMES.has(scheme)) throw new ValidationError({ feed_url: 'validation.company.url' }, 'Only http, https, ftp and sftp feed URLs can be checked');
    source = { kind: 'url', url: redactUrl(request.feed_url) };
  } else {
    throw new ValidationError({ feed_url: 'validation.feed.urlOrFile' });
  }

  const fetchUrl = source.kind === 'url' ? request.feed_url : undefined;
  const { check, created } = await openFeedCheck(company.id, { type: request.type, viewId: request.view_id || null, source, startedBy: userId, ...(fetchUrl ? { fetchUrl } : {}) }, deps);
  if (!created) return asSeen(check, deps.now());
  try {
    await deps.startJob({ companyId: company.id, checkId: check.id });
  } catch (error) {
    // The job never started: record the failure so the company is not blocked and the page says so.
    const at = deps.now().toISOString();
    const failure = { code: 'not-started', message: 'The check could not be started: try again in a moment' };
    const failed: FeedCheckRecord = { ...check, status: 'failed', updatedAt: at, finishedAt: at, failure };
    await deps.finishFeedCheck(failed, { checkId: check.id, date: at, trigger: 'manual', health: 'failed', orders: 0, warningKeys: [], failure });
    throw error;
  }
  return toFeedCheck(check);
}

function safeProtocol(url: string): string | null {
  return URL.canParse(url) ? new URL(url).protocol.toLowerCase() : null;
}
