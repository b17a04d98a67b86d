/**
 * Translation overrides (the admin's "Translations" page): the API's types. The bundled
 * catalogues (web/src/i18n/messages) stay the reference; the server stores, per language, only
 * the messages whose text differs from the bundle, and every visitor's app lays them over it.
 */

export const TRANSLATION_LOCALES = ['en', 'fr', 'ru'] as const;
export type TranslationLocale = (typeof TRANSLATION_LOCALES)[number];

export const isTranslationLocale = (value: unknown): value is TranslationLocale => TRANSLATION_LOCALES.includes(value as TranslationLocale);

/** Message id -> text, one language. */
export type MessageTexts = Record<string, string>;

/**
 * GET /api/translations (no query; the admin page): each language's effective catalogue (bundle
 * with the overrides laid over it) and which ids are overridden. `version` goes back with the update.
 */
export interface TranslationCatalogues {
  version: number;
  catalogues: Record<TranslationLocale, MessageTexts>;
  overridden: Record<TranslationLocale, string[]>;
}

/**
 * GET /api/translations?locale=fr (every visitor, at start): only the overrides of one language,
 * pre-parsed into ICU ASTs (the production bundle carries no ICU parser: web/build/precompile-messages.ts).
 */
export interface CompiledTranslations {
  version: number;
  locale: TranslationLocale;
  messages: Record<string, unknown[]>;
}

/** The answer of GET /api/translations; undefined only on a 304 (the browser then uses its cached copy). */
export type TranslationsAnswer = TranslationCatalogues | CompiledTranslations | undefined;

/** Field key of a 400 about one message: `<locale>.<message id>` (ids contain dots; the locale never does). */
export const translationErrorField = (locale: TranslationLocale, id: string): string => `${locale}.${id}`;

export function splitTranslationErrorField(field: string): { locale: TranslationLocale; id: string } | null {
  const [locale, ...id] = field.split('.') as [string, ...string[]];
  if (!isTranslationLocale(locale)) return null;
  return { locale, id: id.join('.') };
}
