import { randomUUID } from 'node:crypto';
import type { Meeting } from '../../../shared/domain/types';
import { MEETING_DEFAULTS, type MeetingCreateRequest, type MeetingUpdateRequest } from '../../../shared/schemas/meetings';
import * as repo from '../../data/meetings';
import type { MeetingChanges, MeetingRecord, WriteOutcome } from '../../data/meetings';
import { ConflictError, NotFoundError } from '../../platform/errors';

/**
 * The agenda's use cases. The company is always the caller's current one (auth context); the
 * request bodies were validated by the shared schemas. Every edit and delete is conditional on
 * the version the editor read: a stale one is a 409, never a silent overwrite.
 */

export interface MeetingDeps {
  listMeetings(companyId: string): Promise<MeetingRecord[]>;
  putNewMeeting(meeting: MeetingRecord): Promise<MeetingRecord>;
  updateMeeting(companyId: string, id: string, expectedVersion: number, changes: MeetingChanges, at: string): Promise<WriteOutcome<MeetingRecord>>;
  deleteMeeting(companyId: string, id: string, expectedVersion: number): Promise<WriteOutcome<null>>;
  newId(): string;
  now(): Date;
}

const defaults: MeetingDeps = {
  listMeetings: repo.listMeetings,
  putNewMeeting: repo.putNewMeeting,
  updateMeeting: repo.updateMeeting,
  deleteMeeting: repo.deleteMeeting,
  newId: randomUUID,
  now: () => new Date(),
};

const DAY_MS = 24 * 60 * 60 * 1000;
const STALE_MEETING = 'This meeting was changed by someone else: reload the agenda and try again';
const NO_MEETING = 'No such meeting';

/** The API shape: no partition or audit fields. Datetimes are stored and answered in UTC. */
const toMeeting = ({ id, name, duration, datetime, version }: MeetingRecord): Meeting => ({ id, name, duration, datetime, version });

/** The agenda's order: by datetime ascending (ties by name, then id, so the order is stable). */
function byDatetime(a: Meeting, b: Meeting): number {
  return Date.parse(a.datetime) - Date.parse(b.datetime) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

/** Ids are UUIDs made here; anything else (or a key DynamoDB would refuse as too long) names no meeting. */
const PLAUSIBLE_ID = /^[A-Za-z0-9-]{1,64}$/;
function requireId(id: string): void {
  if (!PLAUSIBLE_ID.test(id)) throw new NotFoundError(NO_MEETING);
}

function unwrap<T>(outcome: WriteOutcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw outcome.reason === 'missing' ? new NotFoundError(NO_MEETING) : new ConflictError(STALE_MEETING);
}

export async function listCompanyMeetings(companyId: string, deps: MeetingDeps = defaults): Promise<Meeting[]> {
  return (await deps.listMeetings(companyId)).map(toMeeting).sort(byDatetime);
}

/** A new meeting with the spec's defaults for what the body leaves out: 'New Meeting', 30m, now + 7 days. */
export async function createMeeting(companyId: string, input: MeetingCreateRequest, deps: MeetingDeps = defaults): Promise<Meeting> {
  const now = deps.now();
  const record: MeetingRecord = {
    id: deps.newId(),
    companyId,
    name: input.name ?? MEETING_DEFAULTS.name,
    duration: input.duration ?? MEETING_DEFAULTS.duration,
    datetime: new Date(input.datetime ? Date.parse(input.datetime) : now.getTime() + MEETING_DEFAULTS.daysAhead * DAY_MS).toISOString(),
    version: 1,
    created: now.toISOString(),
    updated: now.toISOString(),
  };
  return toMeeting(await deps.putNewMeeting(record));
}

export async function updateCompanyMeeting(companyId: string, id: string, input: MeetingUpdateRequest, deps: MeetingDeps = defaults): Promise<Meeting> {
  requireId(id);
  const changes: MeetingChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.duration !== undefined) changes.duration = input.duration;
  if (input.datetime !== undefined) changes.datetime = new Date(Date.parse(input.datetime)).toISOString();
  return toMeeting(unwrap(await deps.updateMeeting(companyId, id, input.version, changes, deps.now().toISOString())));
}

export async function deleteCompanyMeeting(companyId: string, id: string, version: number, deps: MeetingDeps = defaults): Promise<{ id: string }> {
  requireId(id);
  unwrap(await deps.deleteMeeting(companyId, id, version));
  return { id };
}
