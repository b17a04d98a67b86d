import { isBadHealth, type DataHealth, type HealthKind, type HealthMute } from '../../../shared/domain/data-health';
import { displayName } from '../../../shared/domain/roles';
import type { HealthMuteDays } from '../../../shared/domain/data-health';
import type { Change } from '../../data/audit';
import * as healthRepo from '../../data/data-health';
import type { UserRecord } from '../../data/users';
import { ConflictError, ValidationError } from '../../platform/errors';
import { getDataHealth } from './data-health';

/**
 * A warning's lifecycle (docs/product.md, "Data health"): a company user acknowledges a failing or
 * warning kind with a note and mutes its mails for 1, 7 or 30 days, or ends the mute. The daily
 * check ends it too (status.ts `planAlerts`: healthy again, or the time is up). Each change is
 * audited in the state's own transaction. Always the caller's current company.
 */

export interface MuteDeps {
  getState: typeof healthRepo.getHealthState;
  saveState: typeof healthRepo.saveHealthState;
  /** The answer: the company's data health after the change. */
  dataHealth(companyId: string): Promise<DataHealth>;
  now(): Date;
}

const defaults: MuteDeps = { getState: healthRepo.getHealthState, saveState: healthRepo.saveHealthState, dataHealth: (companyId) => getDataHealth(companyId), now: () => new Date() };

/** A state written by the daily check between our read and our write is read again, this many times. */
const ATTEMPTS = 3;

/** What a mute's audit record keeps of it (who muted it is the record's actor). */
const muteFields = (mute: HealthMute) => ({ note: mute.note, until: mute.until, status: mute.status });

/**
 * The audit record of one mute's change, shown in the company's history: `end` says how a mute
 * ended (`unmuted`, or the daily check's `resolved` / `expired`). The kind goes on the side that
 * changes (a field equal on both sides is not recorded): the new mute's, or the ended one's.
 */
export function muteChange(companyId: string, kind: HealthKind, action: Change['action'], before: HealthMute | null, after: HealthMute | { end: string }): Change {
  const ending = 'end' in after;
  return {
    kind: 'health-mute',
    action,
    recordId: `${companyId}#${kind}`,
    companyId,
    before: before && (ending ? { kind, ...muteFields(before) } : muteFields(before)),
    after: ending ? after : { kind, ...muteFields(after) },
  };
}


/** Writes `change(state)` on the state as read, again on a newer one when the daily check wrote between. */
async function writeState(companyId: string, deps: MuteDeps, change: (state: healthRepo.HealthStateRecord) => { mutes: healthRepo.HealthStateRecord['mutes']; audit: Change }): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const state = await deps.getState(companyId);
    const { mutes, audit } = change(state);
    const { companyId: _id, version: _version, ...rest } = state;
    if (await deps.saveState(state, { ...rest, mutes }, [audit])) return;
  }
  throw new ConflictError('The data health changed meanwhile: please try again');
}

/** POST /api/data-health/mute (1, 7 or 30 days): only a kind warning or failing now; a second mute replaces the first. */
export async function muteKind(user: UserRecord, companyId: string, body: { kind: HealthKind; note: string; days: HealthMuteDays }, deps: MuteDeps = defaults): Promise<DataHealth> {
  const at = deps.now();
  await writeState(companyId, deps, (state) => {
    const now = state.kinds[body.kind];
    if (!now || !isBadHealth(now.status)) throw new ValidationError({ kind: 'validation.health.notBad' });
    const mute = { note: body.note, until: new Date(at.getTime() + body.days * 86_400_000).toISOString(), at: at.toISOString(), byId: user.id, byName: displayName(user), status: now.status };
    const previous = state.mutes[body.kind] ?? null;
    return { mutes: { ...state.mutes, [body.kind]: mute }, audit: muteChange(companyId, body.kind, previous ? 'update' : 'create', previous, mute) };
  });
  return deps.dataHealth(companyId);
}

/** POST /api/data-health/mute with `days: 0`: the kind mails again from the next daily check (its reminders as before). */
export async function unmuteKind(companyId: string, kind: HealthKind, deps: MuteDeps = defaults): Promise<DataHealth> {
  await writeState(companyId, deps, (state) => {
    const previous = state.mutes[kind];
    if (!previous) throw new ValidationError({ kind: 'validation.health.notMuted' });
    const { [kind]: _gone, ...mutes } = state.mutes;
    return { mutes, audit: muteChange(companyId, kind, 'delete', previous, { end: 'unmuted' }) };
  });
  return deps.dataHealth(companyId);
}
