/**
 * French typography the portal holds in every place that has French (docs/web.md, i18n):
 * - a no-break space (U+00A0) before : ; ! ? » and after «, so a phone never starts a line with
 *   "?" or "»" (an ordinary space lets a line break split them from their word);
 * - the typographic apostrophe ’ (U+2019), never the typewriter ' (l’équipe, d’intégration).
 */
const looseFrenchSpaces = (texts: ReadonlyArray<readonly [string, string]>): string[] =>
  texts.filter(([, text]) => / [:;!?»]|« /.test(text)).map(([id, text]) => `${id}: ${text}`);

/** A typewriter apostrophe between letters (l'équipe); ICU's quoting of a sign ('{') is not one. */
const straightApostrophes = (texts: ReadonlyArray<readonly [string, string]>): string[] =>
  texts.filter(([, text]) => /\p{L}'\p{L}/u.test(text)).map(([id, text]) => `${id}: ${text}`);

/** Every French typography fault of these texts (both rules above): the one check of each place that holds French. */
export const frenchTypographyFaults = (texts: ReadonlyArray<readonly [string, string]>): string[] => [...looseFrenchSpaces(texts), ...straightApostrophes(texts)];

/** Every text of a nested structure, with its path. */
export function textsOf(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => textsOf(item, `${path}.${key}`));
  return [];
}
