import { TRANSLATION_LOCALES, splitTranslationErrorField, type MessageTexts, type TranslationLocale } from 'shared/domain/translations';

/**
 * The text areas of the Translations page: each holds one language's whole effective catalogue
 * as JSON. Reading them back checks what only the browser can (JSON syntax, an object, string
 * values); the server checks the rest (ids, ICU syntax, placeholders) and names language and id.
 */

export type Texts = Record<TranslationLocale, string>;

export const toText = (catalogue: MessageTexts): string => JSON.stringify(catalogue, null, 2);

export type LocalProblem =
  /** line: 1-based line of the syntax error, 0 when the browser did not say where. */
  | { kind: 'invalidJson'; locale: TranslationLocale; line: number }
  | { kind: 'notObject'; locale: TranslationLocale }
  | { kind: 'notString'; locale: TranslationLocale; id: string };

/**
 * The line of a JSON.parse error. The browser's message is English ("... at position 42"), so
 * only its position is used: the admin reads a line number in their own language.
 */
export function jsonErrorLine(text: string, error: unknown): number {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : String(error));
  if (!position) return 0;
  const at = Math.min(Number(position[1]), text.length);
  let line = 1;
  for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

export function readTexts(texts: Texts): { catalogues: Record<TranslationLocale, MessageTexts>; problems: LocalProblem[] } {
  const catalogues: Record<TranslationLocale, MessageTexts> = { en: {}, fr: {}, ru: {} };
  const problems: LocalProblem[] = [];
  for (const locale of TRANSLATION_LOCALES) {
    let value: unknown;
    try {
      value = JSON.parse(texts[locale]);
    } catch (error) {
      problems.push({ kind: 'invalidJson', locale, line: jsonErrorLine(texts[locale], error) });
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      problems.push({ kind: 'notObject', locale });
      continue;
    }
    for (const [id, text] of Object.entries(value)) {
      if (typeof text !== 'string') problems.push({ kind: 'notString', locale, id });
    }
    catalogues[locale] = value as MessageTexts;
  }
  return { catalogues, problems };
}

export interface ServerProblem {
  locale: TranslationLocale;
  id: string;
  reason: string;
}

/** A 400's `errors` (`<locale>.<id>` -> message id) as a list, in language order. */
export function serverProblems(errors: Record<string, string>): ServerProblem[] {
  const found: ServerProblem[] = [];
  for (const [field, reason] of Object.entries(errors)) {
    const where = splitTranslationErrorField(field);
    if (where) found.push({ ...where, reason });
  }
  return found.sort((a, b) => TRANSLATION_LOCALES.indexOf(a.locale) - TRANSLATION_LOCALES.indexOf(b.locale));
}
