import { describe, expect, it } from 'vitest';
import { isMeetingDatetime, meetingCreateSchema, meetingDeleteSchema, meetingUpdateSchema } from './meetings';

const errorsOf = async (schema: { validate: (v: unknown, o: object) => Promise<unknown> }, body: unknown) => {
  try {
    await schema.validate(body, { abortEarly: false });
    return {};
  } catch (error) {
    return Object.fromEntries((error as { inner: Array<{ path: string; message: string }> }).inner.map((i) => [i.path, i.message]));
  }
};

describe('meeting schemas', () => {
  it('accepts ISO date-times with a zone that name a real day', () => {
    expect(isMeetingDatetime('2026-03-08T09:00:00.000Z')).toBe(true);
    expect(isMeetingDatetime('2026-03-08T09:00+01:00')).toBe(true);
    expect(isMeetingDatetime('2026-02-29T09:00:00Z')).toBe(false); // not a leap year
    expect(isMeetingDatetime('2026-03-08T09:00:00')).toBe(false); // no zone
    expect(isMeetingDatetime('08/03/2026 09:00')).toBe(false);
    expect(isMeetingDatetime('1999-12-31T23:00:00Z')).toBe(false);
  });

  it('bounds the years at their first and last instants, and checks day and month of leap and short months', () => {
    expect(isMeetingDatetime('2000-01-01T00:00:00Z')).toBe(true);
    expect(isMeetingDatetime('2000-01-01T00:59:59+01:00')).toBe(false); // 1999 in UTC
    expect(isMeetingDatetime('2099-12-31T23:59:59Z')).toBe(true);
    expect(isMeetingDatetime('2100-01-01T00:00:00Z')).toBe(false);
    expect(isMeetingDatetime('2028-02-29T09:00:00Z')).toBe(true); // leap year
    expect(isMeetingDatetime('2026-04-31T09:00:00Z')).toBe(false); // 30-day month
    expect(isMeetingDatetime('2026-12-31T23:30:00-01:00')).toBe(true); // 2027 in UTC, the day as written exists
    expect(isMeetingDatetime('x2026-03-08T09:00:00Z')).toBe(false);
  });

  it('lets a create leave every field out, and names each bad field with a catalogue id', async () => {
    expect(await errorsOf(meetingCreateSchema, {})).toEqual({});
    expect(await errorsOf(meetingCreateSchema, { name: '  ', duration: '2h', datetime: 'tomorrow' })).toEqual({
      name: 'validation.required',
      duration: 'validation.meeting.duration',
      datetime: 'validation.meeting.datetime',
    });
    expect(await errorsOf(meetingCreateSchema, { name: 'x'.repeat(121) })).toEqual({ name: 'validation.meeting.nameTooLong' });
    expect(await errorsOf(meetingCreateSchema, { name: null, duration: null, datetime: null })).toEqual({
      name: 'validation.required',
      duration: 'validation.required',
      datetime: 'validation.required',
    });
  });

  it('needs the version read on update and delete', async () => {
    expect(await errorsOf(meetingUpdateSchema, { name: 'Kick-off' })).toEqual({ version: 'validation.required' });
    expect(await errorsOf(meetingUpdateSchema, { version: 0 })).toEqual({ version: 'validation.invalid' });
    expect(await errorsOf(meetingDeleteSchema, {})).toEqual({ version: 'validation.required' });
    expect(await errorsOf(meetingDeleteSchema, { version: 3 })).toEqual({});
  });
});
