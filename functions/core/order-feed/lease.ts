import { jobs } from '../../platform/config/resources';
import { isFeedCheckActive } from '../../../shared/domain/order-feed';
import type { FeedCheckRecord } from '../../data/feed-checks';

/**
 * A feed check's lease (docs/reliability.md, "Jobs that cannot get stuck"). The worker that claims
 * a check holds it until `leaseUntil`, and keeps it only by making progress: every progress write
 * and a heartbeat every FEED_CHECK_HEARTBEAT_MS move the lease on. A worker that died (killed, out
 * of memory, its Lambda stopped) stops renewing it, and so does one whose feed stopped arriving: its
 * watchdog ends the check `stalled` after FEED_CHECK_STALL_MS without a byte. Once the lease has run
 * out the check no longer blocks its company: it reads `failed: interrupted`, a new check may start,
 * and Lambda's retry of the same job may take it over while no newer check was started.
 */

/** How long a claimed check stays the worker's without a renewal: well past a heartbeat, well inside the 2 minutes a user may wait. */
export const FEED_CHECK_LEASE_MS = 60_000;
/** How often a working worker renews its lease, progress or not (a slow parse of one big chunk included). */
export const FEED_CHECK_HEARTBEAT_MS = 15_000;
/** No byte from the feed for this long: the source stalled (S3 or the feed's server), the check ends `stalled`. */
export const FEED_CHECK_STALL_MS = 45_000;
/** A queued check whose job never claimed it (the invoke was lost) stops blocking after this. */
export const FEED_CHECK_QUEUED_MS = 120_000;
/** How often the worker's watchdog looks at the deadline, the stall and the heartbeat. */
export const FEED_CHECK_WATCH_MS = 5_000;

/** Records written before leases: the job's timeout plus a minute since their last write. */
const LEGACY_STALE_MS = (jobs['feed-check'].timeoutSeconds + 60) * 1000;

/** The moment a check's lease ends (queued: its creation plus the queue's allowance). */
function leaseEnd(record: Pick<FeedCheckRecord, 'leaseUntil' | 'updatedAt'>): number {
  return record.leaseUntil ? Date.parse(record.leaseUntil) : Date.parse(record.updatedAt) + LEGACY_STALE_MS;
}

/** Queued or running, and its worker still holds it: the company's next check waits for it. */
export function holdsCompany(record: FeedCheckRecord, now: Date): boolean {
  return isFeedCheckActive(record) && now.getTime() <= leaseEnd(record);
}

/** The lease a write made at `at` gives the worker. */
export const leaseFrom = (at: Date | number): string => new Date(new Date(at).getTime() + FEED_CHECK_LEASE_MS).toISOString();
