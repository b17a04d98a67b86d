import { FEED_FILES_KEPT_DAYS, type FeedCsvFile, type FeedCsvFileKind, type FeedCsvLink, type FeedHistoryEntry } from '../../../shared/domain/order-feed';
import { env } from '../../platform/env';
import { NotFoundError } from '../../platform/errors';
import { awsTargetFromEnv } from '../../platform/aws-credentials';
import { presignGet } from '../../platform/s3-post';
import { feedCsvFileKey } from '../../data/feed-csv-files';
import * as repo from '../../data/feed-checks';
import type { FeedCheckRecord } from '../../data/feed-checks';

/** How long the link opens the file: enough to start the download, too short to pass around. */
const LINK_SECONDS = 300;

export interface LinkDeps {
  getFeedCheck(companyId: string, id: string): Promise<FeedCheckRecord | null>;
  listFeedHistory(companyId: string): Promise<FeedHistoryEntry[]>;
  presign(key: string, now: Date, expiresSeconds: number): Promise<string>;
  now(): Date;
}

const defaults: LinkDeps = {
  getFeedCheck: repo.getFeedCheck,
  listFeedHistory: (companyId) => repo.listFeedHistory(companyId),
  presign: (key, now, expiresSeconds) => presignGet({ bucket: env.bucketName, key, now, expiresSeconds, ...awsTargetFromEnv('S3') }),
  now: () => new Date(),
};

/** A check's file as its records say: written or not, and when its check finished. */
type Written = { file: FeedCsvFile | undefined; finishedAt: string | null | undefined };

/** The 404's message (the page says its own words; this one is for the API's callers). */
const NONE: Record<FeedCsvFileKind, string> = {
  'failing-rows': 'This check has no failing rows to download',
  'missing-ids': 'This check has no missing order ids to download',
};

/**
 * Where each file is recorded: failing rows on the check (the report on screen is the check's);
 * the missing ids on the history line, which outlives the newest 20 checks as the match-rate
 * trend's days do.
 */
const written: Record<FeedCsvFileKind, (companyId: string, checkId: string, deps: LinkDeps) => Promise<Written>> = {
  'failing-rows': async (companyId, checkId, deps) => {
    const check = await deps.getFeedCheck(companyId, checkId);
    return { file: check?.failingRows, finishedAt: check?.finishedAt };
  },
  'missing-ids': async (companyId, checkId, deps) => {
    const entry = (await deps.listFeedHistory(companyId)).find((line) => line.checkId === checkId);
    return { file: entry?.match?.missingIds, finishedAt: entry?.date };
  },
};

/**
 * GET /api/order-feed/checks/{id}/failing-rows and /missing-ids: a short-lived link to one of the
 * check's CSV files, for the check's own company only. Another company's id, a check without that
 * file, and a file older than the bucket keeps it (FEED_FILES_KEPT_DAYS) are all 404.
 */
export async function feedCsvLink(companyId: string, file: FeedCsvFileKind, checkId: string, deps: LinkDeps = defaults): Promise<FeedCsvLink> {
  const { file: stored, finishedAt } = await written[file](companyId, checkId, deps);
  const now = deps.now();
  const keptUntil = finishedAt ? Date.parse(finishedAt) + FEED_FILES_KEPT_DAYS * 86_400_000 : 0;
  if (!stored || keptUntil <= now.getTime()) throw new NotFoundError(NONE[file]);
  return {
    url: await deps.presign(feedCsvFileKey(companyId, file, checkId), now, LINK_SECONDS),
    expiresAt: new Date(now.getTime() + LINK_SECONDS * 1000).toISOString(),
  };
}
