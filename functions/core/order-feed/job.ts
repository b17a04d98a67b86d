import { primaryRole } from '../../../shared/domain/roles';
import { getCompany, type CompanyRecord } from '../../data/companies';
import { getFeedCheck, type FeedCheckRecord } from '../../data/feed-checks';
import { getUser, type UserRecord } from '../../data/users';
import { runAs } from '../../platform/actor';
import type { FeedCheckJob } from './checks';
import { runFeedCheck, type RunOptions } from './run-feed-check';

export interface JobDeps {
  getCompany(companyId: string): Promise<CompanyRecord | null>;
  getFeedCheck(companyId: string, checkId: string): Promise<FeedCheckRecord | null>;
  runFeedCheck(company: CompanyRecord, check: FeedCheckRecord, options: RunOptions): Promise<FeedCheckRecord>;
  getUser(userId: string): Promise<Pick<UserRecord, 'id' | 'login' | 'roles'> | null>;
}

/**
 * The feed-check job's work: checks the payload again (anything holding lambda:InvokeFunction could
 * send one), loads the company and ITS check (the key names the company's partition: a check id of
 * another company is not found), then runs it.
 */
export async function runFeedCheckJob(
  event: unknown,
  deadline: number,
  deps: JobDeps = { getCompany, getFeedCheck, getUser, runFeedCheck: (company, check, options) => runFeedCheck(company, check, options) },
): Promise<{ outcome: string }> {
  const payload = (event ?? {}) as Partial<FeedCheckJob>;
  const plain = (value: unknown, max: number) => typeof value === 'string' && value.length > 0 && value.length <= max;
  if (!plain(payload.companyId, 64) || !plain(payload.checkId, 64)) return { outcome: 'invalid' };
  const company = await deps.getCompany(payload.companyId!);
  const check = company && (await deps.getFeedCheck(company.id, payload.checkId!));
  if (!company || !check) return { outcome: 'not-found' };
  // The URL with its credentials (the stored source shows it redacted).
  const run = () => deps.runFeedCheck(company, check, { deadline, ...(check.fetchUrl ? { feedUrl: check.fetchUrl } : {}) });
  // What the check changes (the feed URL stored, the step completed) is recorded as the user's who
  // started it, as if the request had done it; the daily re-check's are the system's.
  const starter = check.startedBy === 'daily' ? null : await deps.getUser(check.startedBy);
  const done = await (starter ? runAs({ userId: starter.id, login: starter.login, role: primaryRole(starter) }, run) : run());
  return { outcome: done.status };
}
