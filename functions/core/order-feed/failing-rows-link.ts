import type { FailingRowsLink } from '../../../shared/domain/order-feed';
import { env } from '../../platform/env';
import { NotFoundError } from '../../platform/errors';
import { awsTargetFromEnv } from '../../platform/aws-credentials';
import { presignGet } from '../../platform/s3-post';
import { failingRowsKey } from '../../data/failing-rows';
import * as repo from '../../data/feed-checks';
import type { FeedCheckRecord } from '../../data/feed-checks';

/** How long the link opens the file: enough to start the download, too short to pass around. */
const LINK_SECONDS = 300;

export interface LinkDeps {
  getFeedCheck(companyId: string, id: string): Promise<FeedCheckRecord | null>;
  presign(key: string, now: Date, expiresSeconds: number): Promise<string>;
  now(): Date;
}

const defaults: LinkDeps = {
  getFeedCheck: repo.getFeedCheck,
  presign: (key, now, expiresSeconds) => presignGet({ bucket: env.bucketName, key, now, expiresSeconds, ...awsTargetFromEnv('S3') }),
  now: () => new Date(),
};

/**
 * GET /api/order-feed/checks/{id}/failing-rows: a short-lived link to the check's CSV, for the
 * check's own company only (another company's id, or a check without failing rows, is 404).
 */
export async function failingRowsLink(companyId: string, checkId: string, deps: LinkDeps = defaults): Promise<FailingRowsLink> {
  const check = await deps.getFeedCheck(companyId, checkId);
  if (!check?.failingRows) throw new NotFoundError('This check has no failing rows to download');
  const now = deps.now();
  return {
    url: await deps.presign(failingRowsKey(companyId, checkId), now, LINK_SECONDS),
    expiresAt: new Date(now.getTime() + LINK_SECONDS * 1000).toISOString(),
  };
}
