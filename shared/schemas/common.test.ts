import { describe, expect, it } from 'vitest';
import { versionOnlySchema } from './common';
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
    expect(await messageOf(() => companyUpdateCurrentSchema.validate({ viewId: '1', version: 1e21 }))).toBe('validation.invalid');
    expect(await messageOf(() => companyUpdateCurrentSchema.validate({ viewId: '1' }))).toBeNull();
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
