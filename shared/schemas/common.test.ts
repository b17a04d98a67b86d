import { describe, expect, it } from 'vitest';
import { object, string } from 'yup';
import { freeText, lineText, versionOnlySchema } from './common';
import { companyCreateSchema, companyUpdateCurrentSchema, companyUpdateSchema } from './companies';
import { translationsUpdateSchema } from './translations';

const messageOf = async (validate: () => Promise<unknown>) => {
  try {
    await validate();
    return null;
  } catch (error) {
    return (error as { message: string }).message;
  }
};

describe('version', () => {
  it('is a whole number from 1 to 2^53 - 1: past that it is no version (and DynamoDB would refuse to store it)', async () => {
    expect(await messageOf(() => versionOnlySchema.validate({ version: Number.MAX_SAFE_INTEGER }))).toBeNull();
    for (const version of [Number.MAX_SAFE_INTEGER + 2, 1e21, 1e308, 0, 1.5]) {
      expect(await messageOf(() => versionOnlySchema.validate({ version })), String(version)).toBe('validation.invalid');
    }
    expect(await messageOf(() => versionOnlySchema.validate({}))).toBe('validation.required');
  });
  it('the companies and translations schemas use the same bound', async () => {
    expect(await messageOf(() => companyUpdateSchema.validate({ version: 1e21 }))).toBe('validation.invalid');
    expect(await messageOf(() => companyUpdateCurrentSchema.validate({ viewId: '12345', version: 1e21 }))).toBe('validation.invalid');
    expect(await messageOf(() => companyUpdateCurrentSchema.validate({ viewId: '12345' }))).toBeNull();
    expect(await messageOf(() => translationsUpdateSchema.validate({ version: 1e21, en: {}, fr: {}, ru: {} }))).toBe('validation.invalid');
  });
});

describe('feed URL', () => {
  it('is one of the schemes the checker fetches: another could be stored but never checked', async () => {
    const create = (orderFeedUrl: string) => messageOf(() => companyCreateSchema.validate({ name: 'Co', integrationSteps: ['sources'], orderFeedUrl }));
    for (const url of ['https://shop.example/feed.xml', 'http://shop.example/f.csv', 'ftp://u:p@shop.example/f.xml', 'SFTP://shop.example/f.xml']) expect(await create(url), url).toBeNull();
    for (const url of ['javascript://alert(1)', 'gopher://shop.example/', 'file:///etc/passwd', 'shop.example/feed.xml']) expect(await create(url), url).toBe('validation.company.url');
  });
});

describe('lineText and freeText', () => {
  const line = object({ name: string().test(lineText) });
  const free = object({ text: string().test(freeText) });
  it('take any printable text, in any script, emoji included', () => {
    for (const name of ['Acme Retail', 'Société Générale', 'ООО «Ромашка»', 'Müller & Söhne', '東京ショップ', 'Shop 🛒', 'a\u200db']) expect(line.isValidSync({ name }), name).toBe(true);
    expect(free.isValidSync({ text: 'line 1\nline 2\ttabbed' })).toBe(true);
  });
  it('refuse control characters, lone surrogates and bidi overrides (a name shown as another)', async () => {
    for (const name of ['nul\u0000', 'bell\u0007', 'two\nlines', 'del\u007f', '\u202eevil', 'iso\u2066late', 'lone \ud800', 'lone \udc00 low']) {
      expect(await messageOf(() => line.validate({ name })), JSON.stringify(name)).toBe('validation.invalidCharacters');
    }
    expect(await messageOf(() => free.validate({ text: 'a\u0000b' }))).toBe('validation.invalidCharacters');
    expect(await messageOf(() => free.validate({ text: '\u202egnp.exe' }))).toBe('validation.invalidCharacters');
  });
});

describe('calendar days (every date a request carries)', () => {
  it('are days that exist, 2000 to 2099: no month 13, no 31 April, 29 February in leap years only', async () => {
    const { isCalendarDay } = await import('./common');
    for (const day of ['2026-01-31', '2024-02-29', '2000-01-01', '2099-12-31']) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ['2026-13-01', '2026-00-10', '2026-04-31', '2026-02-29', '1900-02-29', '1999-12-31', '2100-01-01', '2026-1-01', ' 2026-01-01', '2026-01-01T00:00Z', '']) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });

  it('in the audit filters: a day that does not exist, or an end before the start, is refused', async () => {
    const { auditQuerySchema } = await import('./audit');
    expect(await messageOf(() => auditQuerySchema.validate({ from: '2026-13-01' }))).toBe('validation.date');
    expect(await messageOf(() => auditQuerySchema.validate({ to: '2026-02-30' }))).toBe('validation.date');
    expect(await messageOf(() => auditQuerySchema.validate({ from: '2026-05-02', to: '2026-05-01' }))).toBe('validation.dateRange');
    expect(await messageOf(() => auditQuerySchema.validate({ from: '2026-05-01', to: '2026-05-01' }))).toBeNull();
  });
});
