import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, csvText, neutraliseFormula, safeFileName } from './csv';

describe('the CSV exports', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseFormula(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(neutraliseFormula('Google = search')).toBe('Google = search');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  it('quotes every value, separates them with semicolons, starts with a BOM and ends each line with CRLF', () => {
    expect(csvText([csvRow(['Имя', 'Société']), csvRow(['a;b', ''])])).toBe('\uFEFF"Имя";"Société"\r\n"a;b";""\r\n');
  });

  it('makes a name any file system accepts', () => {
    expect(safeFileName(' A/B: "C" ')).toBe('A_B_ _C_');
  });
});
