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

export interface TranslationDeps {
  bundles: Bundles;
  getOverrides: typeof getTranslationOverrides;
  putOverrides: typeof putTranslationOverrides;
  /** Compiled overrides by version and language: the container's own (a GET is then one GetItem). */
  compiled: Map<string, CompiledTranslations>;
}

const defaults: TranslationDeps = { bundles: BUNDLED, getOverrides: getTranslationOverrides, putOverrides: putTranslationOverrides, compiled: new Map() };

/** Compiled catalogues kept at most: a new version makes the older ones useless. */
const COMPILED_KEPT = 30;

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
export async function getTranslationCatalogues(deps: TranslationDeps = defaults): Promise<TranslationCatalogues> {
  return catalogues(await deps.getOverrides({ consistent: true }), deps.bundles);
}

/** What every visitor's app lays over the bundle: one language's overrides, pre-parsed (once per version and language). */
export async function getCompiledTranslations(locale: TranslationLocale, deps: TranslationDeps = defaults): Promise<CompiledTranslations> {
  const record = await deps.getOverrides();
  const cacheKey = `${record.version}:${locale}`;
  const cached = deps.compiled.get(cacheKey);
  if (cached) return cached;
  const messages: Record<string, unknown[]> = {};
  for (const [id, text] of Object.entries(usableOverrides(record.overrides[locale], deps.bundles))) messages[id] = parse(text);
  const compiled: CompiledTranslations = { version: record.version, locale, messages };
  if (deps.compiled.size >= COMPILED_KEPT) deps.compiled.clear();
  deps.compiled.set(cacheKey, compiled);
  return compiled;
}

/**
 * "Update all": the three catalogues as the admin edited them. Anything invalid refuses the
 * whole update (400 naming language and id, nothing written); otherwise the differences from the
 * bundles replace the stored overrides in one write conditional on the version read (else 409).
 */
export async function updateTranslations(input: TranslationsUpdateRequest, adminId: string, deps: TranslationDeps = defaults): Promise<TranslationCatalogues> {
  const checked = checkOverrides({ en: input.en, fr: input.fr, ru: input.ru }, deps.bundles);
  if (Object.keys(checked.errors).length) throw new ValidationError(checked.errors, describeProblems(checked.errors));
  const record = await deps.putOverrides(input.version, checked.overrides as Record<TranslationLocale, MessageTexts>, adminId);
  return catalogues(record, deps.bundles);
}
