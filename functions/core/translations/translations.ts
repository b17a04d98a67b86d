import { parse } from '@formatjs/icu-messageformat-parser';
import {
  TRANSLATION_LOCALES,
  type CompiledTranslations,
  type MessageTexts,
  type TranslationCatalogues,
  type TranslationLocale,
} from '../../../shared/domain/translations';
import type { TranslationsUpdateRequest } from '../../../shared/schemas/translations';
import { getTranslationOverrides, putTranslationOverrides, type TranslationOverridesRecord } from '../../data/translations';
import { ValidationError } from '../../platform/errors';
import { BUNDLED } from './bundled';
import { checkOverrides, describeProblems, usableOverrides, type Bundles } from './check-overrides';

/** Use cases of GET and POST /api/translations. */

function catalogues(record: TranslationOverridesRecord, bundles: Bundles): TranslationCatalogues {
  const result: TranslationCatalogues = { version: record.version, catalogues: { en: {}, fr: {}, ru: {} }, overridden: { en: [], fr: [], ru: [] } };
  for (const locale of TRANSLATION_LOCALES) {
    const usable = usableOverrides(record.overrides[locale], bundles);
    result.catalogues[locale] = { ...bundles[locale], ...usable };
    result.overridden[locale] = Object.keys(usable).sort();
  }
  return result;
}

/** The admin page: every language's effective catalogue and which ids differ from the bundle. */
export async function getTranslationCatalogues(bundles: Bundles = BUNDLED): Promise<TranslationCatalogues> {
  return catalogues(await getTranslationOverrides({ consistent: true }), bundles);
}

// Parsed once per version and language per Lambda container: a GET is then one GetItem.
const compiledCache = new Map<string, CompiledTranslations>();

/** What every visitor's app lays over the bundle: one language's overrides, pre-parsed. */
export async function getCompiledTranslations(locale: TranslationLocale, bundles: Bundles = BUNDLED): Promise<CompiledTranslations> {
  const record = await getTranslationOverrides();
  const cacheKey = `${record.version}:${locale}`;
  const cached = compiledCache.get(cacheKey);
  if (cached && bundles === BUNDLED) return cached;
  const messages: Record<string, unknown[]> = {};
  for (const [id, text] of Object.entries(usableOverrides(record.overrides[locale], bundles))) messages[id] = parse(text);
  const compiled: CompiledTranslations = { version: record.version, locale, messages };
  if (bundles === BUNDLED) {
    if (compiledCache.size > 30) compiledCache.clear();
    compiledCache.set(cacheKey, compiled);
  }
  return compiled;
}

/**
 * "Update all": the three catalogues as the admin edited them. Anything invalid refuses the
 * whole update (400 naming language and id, nothing written); otherwise the differences from the
 * bundles replace the stored overrides in one write conditional on the version read (else 409).
 */
export async function updateTranslations(input: TranslationsUpdateRequest, adminId: string, bundles: Bundles = BUNDLED): Promise<TranslationCatalogues> {
  const checked = checkOverrides({ en: input.en, fr: input.fr, ru: input.ru }, bundles);
  if (Object.keys(checked.errors).length) throw new ValidationError(checked.errors, describeProblems(checked.errors));
  const record = await putTranslationOverrides(input.version, checked.overrides as Record<TranslationLocale, MessageTexts>, adminId);
  return catalogues(record, bundles);
}
