import { describe, expect, it } from 'vitest';
import { splitTranslationErrorField, translationErrorField } from './translations';

describe('the field of a 400 about one message: <locale>.<message id>', () => {
  it('splits at the first dot only (message ids contain dots)', () => {
    expect(splitTranslationErrorField(translationErrorField('fr', 'validation.step.noSources'))).toEqual({ locale: 'fr', id: 'validation.step.noSources' });
    expect(splitTranslationErrorField('ru.a')).toEqual({ locale: 'ru', id: 'a' });
    expect(splitTranslationErrorField('en.a.b..c')).toEqual({ locale: 'en', id: 'a.b..c' });
    expect(splitTranslationErrorField('en.')).toEqual({ locale: 'en', id: '' });
  });

  it('reads a bare locale as the whole catalogue, and anything else as no field of a translation', () => {
    expect(splitTranslationErrorField('en')).toEqual({ locale: 'en', id: '' });
    expect(splitTranslationErrorField('de.title')).toBeNull();
    expect(splitTranslationErrorField('.en')).toBeNull();
    expect(splitTranslationErrorField('version')).toBeNull();
  });
});
