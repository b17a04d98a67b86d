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

describe('meeting dates: every month\'s last day, leap years, the turn of the year', () => {
  const LAST_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  const at = (y: number, m: number, d: number, zone = 'Z') => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T10:00:00${zone}`;

  it.each(LAST_DAYS.map((last, i) => [i + 1, last] as const))('month %i of 2026 ends on day %i', (month, last) => {
    expect(isMeetingDatetime(at(2026, month, last))).toBe(true);
    expect(isMeetingDatetime(at(2026, month, last + 1))).toBe(false);
    expect(isMeetingDatetime(at(2026, month, 1))).toBe(true);
    expect(isMeetingDatetime(at(2026, month, 0))).toBe(false);
  });

  it.each([
    [2024, true], // divisible by 4
    [2028, true],
    [2000, true], // divisible by 400
    [2025, false],
    [2026, false],
    [2027, false],
  ])('29 February %i exists: %s', (year, leap) => {
    expect(isMeetingDatetime(at(year, 2, 29))).toBe(leap);
    expect(isMeetingDatetime(at(year, 2, 28))).toBe(true);
    expect(isMeetingDatetime(at(year, 2, 30))).toBe(false);
  });

  it.each([
    ['2026-12-31T23:59:59Z', true],
    ['2027-01-01T00:00:00Z', true],
    ['2026-12-31T23:30:00-05:00', true], // already 2027 in UTC: the day as written is what counts
    ['2027-01-01T00:30:00+05:00', true], // still 2026 in UTC
    ['2026-12-32T10:00:00Z', false],
    ['2026-13-01T10:00:00Z', false],
    ['2026-00-10T10:00:00Z', false],
    ['2026-11-31T10:00:00Z', false],
    ['2026-01-31T10:00:00Z', true],
    ['2099-12-31T23:59:59.999Z', true],
    ['2099-12-31T24:00:00Z', false], // the end of 2099 is 2100
    ['1999-12-31T23:59:59Z', false],
  ])('%s: %s', (value, ok) => {
    expect(isMeetingDatetime(value)).toBe(ok);
  });
});
