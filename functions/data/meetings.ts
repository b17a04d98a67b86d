import type { Meeting, MeetingDuration } from '../../shared/domain/types';
import { companyItems, type WriteOutcome } from './company-items';
import { keys } from './keys';

/**
 * The agenda's meetings: items of the company's partition (`keys.meeting`), so the agenda is
 * one Query and a meeting can never be reached through another company's id.
 */

export interface MeetingRecord extends Meeting {
  companyId: string;
  created: string;
  updated: string;
}

export type MeetingChanges = Partial<{ name: string; duration: MeetingDuration; datetime: string }>;

export type { WriteOutcome } from './company-items';

const meetings = companyItems<MeetingRecord>(keys.meeting, keys.meetingPrefix, 'meeting');

/** Every meeting of the company (one Query of its partition). */
export const listMeetings = meetings.list;
/** Writes a new meeting; an id already taken in the partition is refused (never overwritten). */
export const putNewMeeting = meetings.putNew;
/** Deletes the meeting only on the version the editor read. */
export const deleteMeeting = meetings.remove;

/** Applies the changes only on the version the editor read; the version goes up by one. */
export const updateMeeting = (companyId: string, id: string, expectedVersion: number, changes: MeetingChanges, at: string): Promise<WriteOutcome<MeetingRecord>> =>
  meetings.update(companyId, id, expectedVersion, { ...changes, updated: at });
