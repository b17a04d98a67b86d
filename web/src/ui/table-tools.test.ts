import { describe, expect, it } from 'vitest';
import { includesText } from './table-tools';

describe('includesText (every search box)', () => {
  it('ignores case and accents on both sides, in French and Russian', () => {
    expect(includesText(['Intégration'], 'integration')).toBe(true);
    expect(includesText(['Societe'], 'SOCIÉTÉ')).toBe(true);
    expect(includesText(['Ёлка'], 'елка')).toBe(true);
    expect(includesText(['Acme'], 'globex')).toBe(false);
  });

  it('takes a blank query as no filter and skips empty values', () => {
    expect(includesText(['Acme'], '   ')).toBe(true);
    expect(includesText([null, undefined, 'Acme'], ' acme ')).toBe(true);
  });
});
