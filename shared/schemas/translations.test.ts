import { describe, expect, it } from 'vitest';
import { translationsUpdateSchema } from './translations';
import { errorsOf } from './testing/errors';

describe('translations update schema', () => {
  const all = { version: 0, en: { 'app.title': 'Portal' }, fr: {}, ru: {} };

  it.each([
    [{}, null],
    [{ version: Number.MAX_SAFE_INTEGER }, null], // the first save of a fresh stage has version 0
    [{ version: -1 }, { version: 'validation.invalid' }],
    [{ version: 1.5 }, { version: 'validation.invalid' }],
    [{ version: undefined }, { version: 'validation.required' }],
    [{ en: [] }, { en: 'validation.translations.notObject' }],
    [{ fr: 'Portail' }, { fr: 'validation.translations.notObject' }],
    [{ ru: 5 }, { ru: 'validation.translations.notObject' }],
    [{ ru: null }, { ru: 'validation.required' }],
    [{ en: undefined }, { en: 'validation.required' }],
  ])('%j: %j', (change, errors) => {
    expect(errorsOf(translationsUpdateSchema, { ...all, ...change })).toEqual(errors ?? {});
  });
});
