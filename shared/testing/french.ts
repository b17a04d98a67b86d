/**
 * Texts of French that an ordinary space lets a line break split from their punctuation: a phone
 * would start a line with "?" or "»". French puts a no-break space (U+00A0) before : ; ! ? » and
 * after « (docs/web.md, i18n).
 */
export const looseFrenchSpaces = (texts: ReadonlyArray<readonly [string, string]>): string[] =>
  texts.filter(([, text]) => / [:;!?»]|« /.test(text)).map(([id, text]) => `${id}: ${text}`);

/** Every text of a nested structure, with its path. */
export function textsOf(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => textsOf(item, `${path}.${key}`));
  return [];
}
