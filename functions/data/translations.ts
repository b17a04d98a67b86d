import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { MessageTexts, TranslationLocale } from '../../shared/domain/translations';
import { ConflictError } from '../platform/errors';
import { asTransactItem, auditedWrite } from './audit';
import { keys } from './keys';
import { db, isConditionFailure, nowIso, tableName } from './table';

/**
 * The translation overrides: ONE item holding the three languages (only the messages that differ
 * from the bundled catalogues), so "Update all" is one conditional write. Version 0 = no item yet.
 */
export interface TranslationOverridesRecord {
  version: number;
  overrides: Record<TranslationLocale, MessageTexts>;
  updatedAt: string | null;
  updatedBy: string | null;
}

const EMPTY: TranslationOverridesRecord = { version: 0, overrides: { en: {}, fr: {}, ru: {} }, updatedAt: null, updatedBy: null };

export async function getTranslationOverrides(options: { consistent?: boolean } = {}): Promise<TranslationOverridesRecord> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.translations(), ConsistentRead: options.consistent ?? false }));
  if (!Item) return EMPTY;
  const overrides = (Item.overrides ?? {}) as Partial<Record<TranslationLocale, MessageTexts>>;
  return {
    version: Number(Item.version ?? 0),
    overrides: { en: overrides.en ?? {}, fr: overrides.fr ?? {}, ru: overrides.ru ?? {} },
    updatedAt: (Item.updatedAt as string | undefined) ?? null,
    updatedBy: (Item.updatedBy as string | undefined) ?? null,
  };
}

/** Replaces the three languages' overrides if the stored version is still `expectedVersion` (else 409). */
export async function putTranslationOverrides(
  expectedVersion: number,
  overrides: Record<TranslationLocale, MessageTexts>,
  updatedBy: string,
): Promise<TranslationOverridesRecord> {
  const record: TranslationOverridesRecord = { version: expectedVersion + 1, overrides, updatedAt: nowIso(), updatedBy };
  const before = await getTranslationOverrides({ consistent: true });
  // The changed messages only (`<locale>.<id>`), not the three whole catalogues: a record stays small.
  const flat = (all: Record<TranslationLocale, MessageTexts>) =>
    Object.fromEntries(Object.entries(all).flatMap(([locale, texts]) => Object.entries(texts ?? {}).map(([id, text]) => [`${locale}.${id}`, text])));
  try {
    await auditedWrite(
      [
        asTransactItem('Put', {
        Item: { ...keys.translations(), ...record },
        ...(expectedVersion === 0
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: '#version = :expected',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':expected': expectedVersion },
            }),
      }),
      ],
      { kind: 'translations', action: 'update', recordId: 'overrides', companyId: null, before: flat(before.overrides), after: flat(overrides), version: record.version, messageIds: true },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('Someone else changed the translations meanwhile; reload the page and apply your changes again');
    throw error;
  }
  return record;
}
