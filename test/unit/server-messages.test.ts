import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/domain/errors';
import { ALL_MESSAGES } from '../../web/src/all-catalogues';

/**
 * Every message id the server can send must have a text in all three catalogues: the field
 * messages of validation answers (`errors: { field: 'validation.x' }`, from the shared schemas or
 * thrown by server code) and the error codes (`error.<code>`).
 */

const root = join(import.meta.dirname, '..', '..');
// Validation ids are shown by the forms of every area: the entry catalogue or the area's.
const catalogues = ALL_MESSAGES as Record<string, Record<string, string>>;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** String literals of the form 'validation.something' in the code that answers requests. */
function validationIdsIn(dirs: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of dirs.flatMap((dir) => sources(join(root, dir)))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/['"`](validation\.[A-Za-z][\w.]*)['"`]/g)) {
      found.set(match[1]!, relative(root, file));
    }
  }
  return found;
}

describe('messages the server sends', () => {
  const ids = validationIdsIn(['shared', 'functions']);

  it('finds the validation ids (the scan itself works)', () => {
    // Several files use it (the map keeps the last one found): only its presence is stable.
    expect(ids.has('validation.required')).toBe(true);
    expect(ids.has('validation.passwordPolicy')).toBe(true);
  });

  it.each(Object.keys(catalogues))('has every validation id in the %s catalogue', (locale) => {
    const missing = [...ids].filter(([id]) => !(id in catalogues[locale]!)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(catalogues))('has every error code in the %s catalogue', (locale) => {
    const missing = ERROR_CODES.map((code) => `error.${code}`).filter((id) => !(id in catalogues[locale]!));
    expect(missing).toEqual([]);
  });
});
