import { describe, expect, it } from 'vitest';
import { ConflictError } from '../platform/errors';
import { keys } from './keys';
import { failNext, readsOf, under } from './testing/faults';
import { useTestTable } from './testing/table';
import { getTranslationOverrides, putTranslationOverrides } from './translations';

const table = useTestTable();
const auditOf = () => table.partition('AUDIT#translations#overrides');

describe('translation overrides: one item, three languages, one conditional write', () => {
  it('reads as version 0 with no overrides until the first write', async () => {
    await table.alone(async () => {
      expect(await getTranslationOverrides()).toEqual({ version: 0, overrides: { en: {}, fr: {}, ru: {} }, updatedAt: null, updatedBy: null });
      expect(await getTranslationOverrides({ consistent: true })).toMatchObject({ version: 0 });
    });
  });

  it('writes version 1 only while none exists, then each version on the one read; records the changed messages', async () => {
    await table.alone(async () => {
      const first = await putTranslationOverrides(0, { en: { 'a.b': 'Hello' }, fr: {}, ru: {} }, 'admin-1');
      expect(first).toEqual({ version: 1, overrides: { en: { 'a.b': 'Hello' }, fr: {}, ru: {} }, updatedAt: expect.any(String), updatedBy: 'admin-1' });
      expect(Math.abs(Date.parse(first.updatedAt!) - Date.now())).toBeLessThan(60_000);
      expect(await table.item(keys.translations())).toEqual({ pk: 'TRANSLATIONS', sk: 'OVERRIDES', ...first });
      expect(await getTranslationOverrides({ consistent: true })).toEqual(first);
      await expect(putTranslationOverrides(0, { en: {}, fr: {}, ru: {} }, 'admin-2')).rejects.toThrow(
        new ConflictError('Someone else changed the translations meanwhile; reload the page and apply your changes again'),
      );
      const second = await putTranslationOverrides(1, { en: { 'a.b': 'Hi' }, fr: { 'a.b': 'Salut' }, ru: {} }, 'admin-2');
      expect(second.version).toBe(2);
      await expect(putTranslationOverrides(1, { en: {}, fr: {}, ru: {} }, 'admin-3')).rejects.toBeInstanceOf(ConflictError);
      await expect(putTranslationOverrides(5, { en: {}, fr: {}, ru: {} }, 'admin-3')).rejects.toBeInstanceOf(ConflictError);
      expect((await getTranslationOverrides({ consistent: true })).overrides.fr).toEqual({ 'a.b': 'Salut' });
      const records = await auditOf();
      expect(records.map((r) => r.sk)).toEqual(['V000000000001', 'V000000000002']);
      expect(records[0]).toMatchObject({ kind: 'translations', action: 'update', recordId: 'overrides', companyId: null, before: {}, after: { 'en.a.b': 'Hello' } });
      expect(records[1]).toMatchObject({ before: { 'en.a.b': 'Hello' }, after: { 'en.a.b': 'Hi', 'fr.a.b': 'Salut' } });
    });
  });

  it('reads an item with languages or fields missing as empty', async () => {
    await table.alone(async () => {
      await table.put({ ...keys.translations(), overrides: { fr: { x: 'y' } } });
      expect(await getTranslationOverrides()).toEqual({ version: 0, overrides: { en: {}, fr: { x: 'y' }, ru: {} }, updatedAt: null, updatedBy: null });
      await table.put({ ...keys.translations(), version: 3, updatedAt: 't', updatedBy: 'u' });
      expect(await getTranslationOverrides()).toEqual({ version: 3, overrides: { en: {}, fr: {}, ru: {} }, updatedAt: 't', updatedBy: 'u' });
    });
  });

  it('passes on errors that are no refusal', async () => {
    await table.alone(async () => {
      await under(failNext('TransactWriteItemsCommand'), async () => {
        await expect(putTranslationOverrides(0, { en: {}, fr: {}, ru: {} }, 'a')).rejects.toMatchObject({ name: 'TimeoutError' });
      });
    });
  });
});

describe('the rules that hold without the audit records (they expire after a year)', () => {
  it('version 0 is refused once an item exists, with or without an audit record of it', async () => {
    await table.alone(async () => {
      await table.put({ ...keys.translations(), version: 3, overrides: { en: { a: 'kept' } } });
      await expect(putTranslationOverrides(0, { en: { a: 'lost' }, fr: {}, ru: {} }, 'admin')).rejects.toBeInstanceOf(ConflictError);
      expect((await getTranslationOverrides()).overrides.en).toEqual({ a: 'kept' });
    });
  });

  it('records every message changed, whatever its id says (a message id is no secret)', async () => {
    await table.alone(async () => {
      await putTranslationOverrides(0, { en: { 'auth.password.reset': 'Reset it', 'session.expired': 'Gone' }, fr: {}, ru: {} }, 'admin');
      expect((await auditOf())[0]).toMatchObject({ before: {}, after: { 'en.auth.password.reset': 'Reset it', 'en.session.expired': 'Gone' } });
    });
  });

  it('reads eventually consistent by default, consistently when asked, and before a write', async () => {
    await table.alone(async () => {
      expect(await readsOf(() => getTranslationOverrides())).toEqual([{ command: 'GetItemCommand', consistent: false, projection: null }]);
      expect(await readsOf(() => getTranslationOverrides({ consistent: true }))).toEqual([{ command: 'GetItemCommand', consistent: true, projection: null }]);
      expect(await readsOf(() => putTranslationOverrides(0, { en: {}, fr: {}, ru: {} }, 'a'))).toEqual([{ command: 'GetItemCommand', consistent: true, projection: null }]);
    });
  });
});
