import { object, string, type InferType } from 'yup';
import { MEETING_DURATIONS, type MeetingDuration } from '../domain/types';
import { FIRST_YEAR, isCalendarDay, LAST_YEAR, lineText, version, versionOnlySchema } from './common';
import { schema } from './define';

/**
 * Request schemas of the agenda calls (POST /api/meetings, PUT and DELETE /api/meetings/{id}).
 * The agenda page validates an inline edit with the same field rules before it sends it.
 */

export const MEETING_NAME_MAX_LENGTH = 120;
export const MEETING_DEFAULTS = { name: 'New Meeting', duration: '30m' as MeetingDuration, daysAhead: 7 } as const;

// ISO 8601 date-time with seconds optional, fraction optional and a zone (Z or ±hh:mm): what
// `Date.prototype.toISOString` and the agenda's date input produce; a zone is required so the
// server never guesses one.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** True for an ISO 8601 date-time with a zone that names a real instant (no 31 February) in the portal's years (common.ts). */
export function isMeetingDatetime(value: string): boolean {
  if (!ISO_DATE_TIME.test(value)) return false;
  const time = Date.parse(value);
  if (Number.isNaN(time) || time < Date.UTC(FIRST_YEAR, 0, 1) || time >= Date.UTC(LAST_YEAR + 1, 0, 1)) return false;
  // Date.parse rolls 2026-02-31 over to March: the calendar day as written (in its own zone) must exist.
  return isCalendarDay(value.slice(0, 10));
}

const name = () => string().nonNullable('validation.required').trim().min(1, 'validation.required').max(MEETING_NAME_MAX_LENGTH, 'validation.meeting.nameTooLong').test(lineText);
const duration = () => string().nonNullable('validation.required').oneOf(MEETING_DURATIONS, 'validation.meeting.duration');
const datetime = () =>
  string()
    .nonNullable('validation.required')
    .trim()
    .test('meeting-datetime', 'validation.meeting.datetime', (value) => value === undefined || isMeetingDatetime(value));

/** POST /api/meetings: every field optional; the server fills the spec's defaults. */
export const meetingCreateSchema = /* @__PURE__ */ schema(() =>
  object({
    name: name().optional(),
    duration: duration().optional(),
    datetime: datetime().optional(),
  }),
);
export type MeetingCreateRequest = InferType<typeof meetingCreateSchema>;

/** PUT /api/meetings/{id}: the changed fields and the version the editor read. */
export const meetingUpdateSchema = /* @__PURE__ */ schema(() =>
  object({
    version: version(),
    name: name().optional(),
    duration: duration().optional(),
    datetime: datetime().optional(),
  }),
);
export type MeetingUpdateRequest = InferType<typeof meetingUpdateSchema>;

/** DELETE /api/meetings/{id}: the version the editor read (a delete of a changed meeting is refused too). */
export const meetingDeleteSchema = versionOnlySchema;
