import { HEALTH_KINDS, isBadHealth, type DataHealth, type HealthDay, type HealthKind } from '../../../shared/domain/data-health';
import * as healthRepo from '../../data/data-health';

/** Days of history the page shows (the table keeps 90: data/data-health.ts). */
const HEALTH_PAGE_DAYS = 30;

export interface DataHealthDeps {
  getState: typeof healthRepo.getHealthState;
  listDays: typeof healthRepo.listHealthDays;
  now(): Date;
}

const defaults: DataHealthDeps = { getState: healthRepo.getHealthState, listDays: healthRepo.listHealthDays, now: () => new Date() };

/**
 * GET /api/data-health: the caller's current company only (the id comes from the auth context):
 * each kind in HEALTH_KINDS order with its current result and the last 30 days, oldest first.
 * Two reads: the state item and one Query of the days.
 */
export async function getDataHealth(companyId: string, deps: DataHealthDeps = defaults): Promise<DataHealth> {
  const asOf = deps.now();
  const from = new Date(asOf.getTime() - (HEALTH_PAGE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const [state, days] = await Promise.all([deps.getState(companyId), deps.listDays(companyId, from)]);
  const history = new Map<HealthKind, HealthDay[]>(HEALTH_KINDS.map((kind) => [kind, []]));
  for (const { kind, ...day } of days) history.get(kind)?.push(day);
  return {
    companyId,
    items: HEALTH_KINDS.map((kind) => {
      const now = state.kinds[kind];
      const status = now?.status ?? 'unknown';
      // A mute the daily check has not ended yet shows only while it holds.
      const stored = state.mutes[kind];
      const mute = stored && isBadHealth(status) && stored.until > asOf.toISOString() ? { note: stored.note, until: stored.until, at: stored.at, byName: stored.byName, status: stored.status } : undefined;
      return {
        kind,
        status,
        ...(mute ? { mute } : {}),
        lastCheck: now?.checkedAt ?? null,
        ...(now?.reason ? { reason: now.reason } : {}),
        // The day's feed tries, and the next one while it is still to come (a run that threw may have left an old one).
        ...(now?.attempts ? { attempts: now.attempts } : {}),
        ...(now?.retryAt && now.retryAt > asOf.toISOString() ? { retryAt: now.retryAt } : {}),
        history: history.get(kind)!.sort((a, b) => a.day.localeCompare(b.day)),
      };
    }),
  };
}
