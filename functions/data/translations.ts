import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { MessageTexts, TranslationLocale } from '../../shared/domain/translations';
import { ConflictError } from '../platform/errors';
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
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.translations(), ...record },
        ...(expectedVersion === 0
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: '#version = :expected',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':expected': expectedVersion },
            }),
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('Someone else changed the translations meanwhile; reload the page and apply your changes again');
    throw error;
  }
  return record;
}
