/**
 * The portal's CSV exports (sources, and the administrators' users, companies and status report):
 * what a spreadsheet opens safely. Pure: the pages build the text, the browser saves it.
 */

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab / carriage return before one) as a
 * formula: such a cell gets a leading apostrophe, which Excel and LibreOffice show as text (OWASP
 * "CSV injection").
 */
export const neutraliseFormula = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One value: neutralised, quotes doubled, wrapped in double quotes (every value quoted). */
export const csvCell = (value: string): string => `"${neutraliseFormula(value).replace(/"/g, '""')}"`;

/** One line of values, semicolons between them (what Excel expects in the portal's languages). */
export const csvRow = (values: readonly string[]): string => values.map(csvCell).join(';');

/** Byte order mark: Excel reads a CSV as UTF-8 only with it (else accented and Cyrillic names break). */
const CSV_BOM = '\uFEFF';

/** The file's text: BOM, then each line followed by CRLF (RFC 4180; Excel on Windows expects it). */
export const csvText = (lines: readonly string[]): string => `${CSV_BOM}${lines.map((line) => `${line}\r\n`).join('')}`;

/** A file name any file system accepts: control characters and \ / : * ? " < > | become '_'. */
export const safeFileName = (name: string): string => [...name].map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('').trim();
