import { describe, expect, it } from 'vitest';
import { addDays, dayOf, isFlag, isMoment, isNonNegativeInteger, isPositive, knownState, readMoment, readNumber, usable } from './values';

describe('readMoment: feed dates as the calendar has them', () => {
  const LAST_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  const day = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

  it('a leap year changes February only', () => {
    for (const [month, last] of LAST_DAYS.entries()) {
      const end = month === 1 ? 29 : last;
      expect(readMoment(`${day(2028, month + 1, end)} 00:00:00`, 'date-time'), String(month + 1)).not.toBeNull();
      expect(readMoment(`${day(2028, month + 1, end + 1)} 00:00:00`, 'date-time'), String(month + 1)).toBeNull();
    }
  });

  it('the first second of 1970 is a moment (time 0)', () => {
    expect(isMoment('1970-01-01 00:00:00', 'date-time')).toBe(true);
    expect(readMoment('1970-01-01', 'day')?.time).toBe(0);
  });

  it.each(LAST_DAYS.map((last, i) => [i + 1, last] as const))('month %i of 2026: days 1 to %i', (month, last) => {
    for (const d of [1, last]) {
      expect(readMoment(`${day(2026, month, d)} 12:00:00`, 'date-time')?.time, day(2026, month, d)).toBe(Date.UTC(2026, month - 1, d, 12));
    }
    expect(readMoment(`${day(2026, month, last + 1)} 12:00:00`, 'date-time')).toBeNull();
    expect(readMoment(`${day(2026, month, 0)} 12:00:00`, 'date-time')).toBeNull();
  });

  it.each([
    [2024, true], // divisible by 4
    [2000, true], // divisible by 400
    [2400, true],
    [2100, false], // divisible by 100 only
    [2023, false],
    [2026, false],
  ])('29 February %i exists: %s', (year, leap) => {
    expect(readMoment(`${year}-02-29 00:00:00`, 'date-time')?.time ?? null).toBe(leap ? Date.UTC(year, 1, 29) : null);
    expect(readMoment(`${year}-02-28`, 'day')?.time).toBe(Date.UTC(year, 1, 28));
    expect(readMoment(`${year}-03-01`, 'day')?.time).toBe(Date.UTC(year, 2, 1));
  });

  it.each([
    ['1970-01-01 00:00:00', Date.UTC(1970, 0, 1)],
    ['2026-12-31 23:59:59', Date.UTC(2026, 11, 31, 23, 59, 59)],
    ['2027-01-01 00:00:00', Date.UTC(2027, 0, 1)],
    ['2026-02-28 23:59:59', Date.UTC(2026, 1, 28, 23, 59, 59)],
    ['2026-03-01 00:00:00', Date.UTC(2026, 2, 1)],
    ['2099-07-15 08:07:06', Date.UTC(2099, 6, 15, 8, 7, 6)],
    ['9999-12-31 23:59:59', Date.UTC(9999, 11, 31, 23, 59, 59)],
  ])('%s is the same instant as Date.UTC', (text, time) => {
    expect(readMoment(text, 'date-time')).toEqual({ time, day: text.slice(0, 10), text });
  });

  it.each([
    '1969-12-31 23:59:59', // before 1970: not a date an order has
    '2026-13-01 00:00:00',
    '2026-00-10 00:00:00',
    '2026-11-10 24:00:00',
    '2026-11-10 23:60:00',
    '2026-11-10 23:59:60',
    '2026-11-10T12:00:00',
    '2026-11-10 12:00',
    '2026/11/10 12:00:00',
    '2026-11/10 12:00:00',
    '2026-11-10 12-00:00',
    '2026-11-10 12:00-00',
    '2026-11-1a 12:00:00',
    '202a-11-10 12:00:00',
    '20-6-11-10 12:00:00',
    '2026-1a-10 12:00:00',
    '2026-11-10 1a:00:00',
    '2026-11-10 12:0a:00',
    '2026-11-10 12:00:0a',
    '2026-11-10 /2:00:00',
    '2026-11-10 12:00:00 ',
    '2026/11-10 12:00:00',
    '20/5-11-10 12:00:00', // a bad digit must not make another year (20/5 read as 1995)
    '20:5-11-10 12:00:00',
    '202/-11-10 12:00:00',
    '',
  ])('%j is no date-time', (text) => {
    expect(readMoment(text, 'date-time')).toBeNull();
    expect(isMoment(text, 'date-time')).toBe(false);
  });

  it('reads a day alone only where a day is accepted, as its midnight', () => {
    expect(readMoment('2026-12-31', 'day')).toEqual({ time: Date.UTC(2026, 11, 31), day: '2026-12-31', text: '2026-12-31 00:00:00' });
    expect(readMoment('2026-12-31', 'day-or-date-time')?.text).toBe('2026-12-31 00:00:00');
    expect(readMoment('2026-12-31', 'date-time')).toBeNull();
    expect(readMoment('2026-12-31 10:00:00', 'day')).toBeNull();
    expect(readMoment('2026-12-31 10:00:00', 'day-or-date-time')?.text).toBe('2026-12-31 10:00:00');
    expect(isMoment('2026-02-29', 'day-or-date-time')).toBe(false);
    expect(isMoment('2028-02-29', 'day-or-date-time')).toBe(true);
    expect(isMoment('2026-12-3', 'day-or-date-time')).toBe(false);
  });
});

describe('days', () => {
  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2027-02-28', 1, '2027-03-01'],
    ['2026-11-21', -7, '2026-11-14'],
    ['2026-03-29', 0, '2026-03-29'],
  ])('%s %+i day(s) is %s', (from, days, to) => {
    expect(addDays(from, days)).toBe(to);
  });

  it('the UTC day of an instant', () => {
    expect(dayOf(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31');
    expect(dayOf(new Date('2027-01-01T00:30:00+01:00'))).toBe('2026-12-31');
  });
});

describe('readNumber: a plain decimal number with a dot', () => {
  it.each([
    ['0', 0],
    ['12', 12],
    ['12.50', 12.5],
    ['+3', 3],
    ['-3.25', -3.25],
    ['.5', 0.5],
    ['5.', 5],
    ['-.5', -0.5],
    ['007', 7],
    ['0.1', 0.1],
    ['123456789012345', 123456789012345], // 15 digits: computed exactly
    ['1234567890.12345', 1234567890.12345],
    ['1234567890123456789', Number('1234567890123456789')], // longer: as Number() reads it
    ['0.30000000000000004', 0.30000000000000004],
  ])('%j is %d', (text, value) => {
    expect(readNumber(text)).toBe(value);
  });

  it.each(['', '+', '-', '.', '-.', '+.', '12,50', '1e3', 'NaN', 'Infinity', '12 EUR', ' 12', '12 ', '1.2.3', '0x10', '--1', '1-', '1.5a', '0.1e2', '1.5 '])('%j is no number', (text) => {
    expect(readNumber(text)).toBeNull();
  });

  it('is positive only above zero', () => {
    expect(isPositive(0.01)).toBe(true);
    expect(isPositive(0)).toBe(false);
    expect(isPositive(-1)).toBe(false);
    expect(isPositive(null)).toBe(false);
  });
});

describe('small readers', () => {
  it.each([
    ['abc', 'abc'],
    [' abc ', 'abc'],
    ['\tabc', 'abc'],
    ['abc\n', 'abc'],
    ['a b', 'a b'],
    ['   ', undefined],
    ['', undefined],
    [undefined, undefined],
    ['é', 'é'], // not visible ASCII at the ends: trimmed the long way, same text
    ['\u00a0x\u00a0', 'x'],
    [' abc', 'abc'], // a space at the start only
    ['\u00a0x', 'x'],
    ['x\u00a0', 'x'],
    ['~', '~'],
    ['!', '!'],
  ])('usable(%j) is %j', (text, value) => {
    expect(usable(text)).toBe(value);
  });

  it('commissions are whole amounts written in digits', () => {
    for (const text of ['0', '12', '0012']) expect(isNonNegativeInteger(text), text).toBe(true);
    for (const text of ['', '-1', '1.5', '1 000', '12a', 'a12', '/', ':']) expect(isNonNegativeInteger(text), text).toBe(false);
  });

  it('flags are 0 or 1', () => {
    expect(isFlag('0')).toBe(true);
    expect(isFlag('1')).toBe(true);
    for (const text of ['', '2', 'true', '01', '00']) expect(isFlag(text), text).toBe(false);
  });

  it('the seven states, written exactly', () => {
    for (const state of ['new', 'wait', 'cancel', 'refuse', 'return', 'partial_return', 'done']) expect(knownState(state)).toBe(state);
    for (const text of ['Done', 'done ', 'partial return', 'shipped', '']) expect(knownState(text), text).toBeNull();
  });
});
