/**
 * One date format per language (docs/web.md, i18n): every date, month or year the web app shows
 * goes through web/src/i18n/dates.tsx. This test reads every non-test source file of web/src and
 * the catalogues with the TypeScript scanner (comments never trigger it) and fails on another
 * way to format a date: Intl.DateTimeFormat, Date's toLocale*String, react-intl's formatDate /
 * formatTime / <FormattedDate>, or an ICU `{x, date}` / `{x, time}` argument in a message.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const web = join(root, 'web', 'src');
const THE_HELPER = 'web/src/i18n/dates.tsx';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const CODE = /^(DateTimeFormat|toLocaleDateString|toLocaleTimeString|toLocaleString|formatDate|formatTime|formatDateToParts|FormattedDate|FormattedTime|FormattedDateParts)$/;
const ICU = /\{\s*\w+\s*,\s*(date|time)\s*[,}]/;

/** Where a file formats a date itself: identifiers in code, ICU date arguments in its strings. */
function ownDateFormats(text: string): string[] {
  const found: string[] = [];
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.JSX, text);
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.Identifier && CODE.test(scanner.getTokenValue())) found.push(scanner.getTokenValue());
    if ((token === ts.SyntaxKind.StringLiteral || token === ts.SyntaxKind.NoSubstitutionTemplateLiteral) && ICU.test(scanner.getTokenValue())) found.push(scanner.getTokenValue());
  }
  return found;
}

describe('one date format per language', () => {
  it('finds the ways it refuses, and not their names in comments', () => {
    expect(ownDateFormats("new Intl.DateTimeFormat('en').format(d); d.toLocaleDateString(); intl.formatDate(d); <FormattedDate value={d} />")).toEqual(['DateTimeFormat', 'toLocaleDateString', 'formatDate', 'FormattedDate']);
    expect(ownDateFormats("const m = { a: 'On {day, date, short}', b: 'at {t, time}' };")).toHaveLength(2);
    expect(ownDateFormats('// toLocaleString is not used here\nconst a = formatPortalDate(intl, d);')).toEqual([]);
  });

  it('every web source and catalogue leaves dates to web/src/i18n/dates.tsx', () => {
    const offenders = sources(web)
      .map((path) => relative(root, path).split('\\').join('/'))
      .filter((path) => path !== THE_HELPER)
      .flatMap((path) => ownDateFormats(readFileSync(join(root, path), 'utf8')).map((what) => `${path}: ${what}`));
    expect(offenders).toEqual([]);
  });
});
