import { describe, expect, it } from 'vitest';
import { checkOverrides, placeholdersOf, problemOf, usableOverrides } from './check-overrides';
import { parse } from '@formatjs/icu-messageformat-parser';

const bundles = {
  en: { hello: 'Hello {name}', items: '{count, plural, one {# item} other {# items}}', plain: 'Sign in' },
  fr: { hello: 'Bonjour {name}', items: '{count, plural, one {# article} other {# articles}}', plain: 'Connexion' },
  ru: { hello: 'Привет, {name}', items: '{count, plural, one {# штука} other {# штук}}', plain: 'Вход' },
};

describe('translation overrides', () => {
  it('keeps only texts that differ from the bundle of their language', () => {
    const checked = checkOverrides({ en: { ...bundles.en, plain: 'Log in' }, fr: bundles.fr, ru: { hello: 'Здравствуйте, {name}' } }, bundles);
    expect(checked.errors).toEqual({});
    expect(checked.overrides).toEqual({ en: { plain: 'Log in' }, fr: {}, ru: { hello: 'Здравствуйте, {name}' } });
  });

  it('names language and id of every problem', () => {
    const checked = checkOverrides(
      { en: { nope: 'x', hello: 'Hi {who}' }, fr: { items: '{count, select, other {x}}', plain: 'Connexion {' }, ru: 'text' },
      bundles,
    );
    expect(checked.errors).toEqual({
      'en.nope': 'validation.translations.unknownId',
      'en.hello': 'validation.translations.placeholders',
      'fr.items': 'validation.translations.placeholders',
      'fr.plain': 'validation.translations.syntax',
      ru: 'validation.translations.notObject',
    });
  });

  it('refuses markup as markup: tags the English message does not have', () => {
    for (const text of ['<b>Sign in</b>', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'Sign<br/>in', '<script', 'Sign in</p>']) {
      expect(problemOf('plain', text, bundles), text).toBe('validation.translations.markup');
    }
    expect(problemOf('plain', 'a < b and c > d', bundles)).toBeNull();
    expect(problemOf('plain', 'Sign in <3', bundles)).toBeNull();
    // The English message's own rich-text tag stays allowed; another one is markup.
    const rich = { ...bundles, en: { ...bundles.en, rich: 'Read <link>the guide</link>' } };
    expect(problemOf('rich', 'Lisez <link>le guide</link>', rich)).toBeNull();
    expect(problemOf('rich', 'Lisez <b>le guide</b>', rich)).toBe('validation.translations.markup');
  });

  it('collects values, plural/select arguments and tags', () => {
    expect([...placeholdersOf(parse('{a} {b, number} {c, plural, other {{d}}} <i>{e}</i>'))].sort()).toEqual(['<i>', 'a', 'b', 'c:plural', 'd', 'e']);
  });

  it('drops stored overrides a new release made invalid', () => {
    expect(usableOverrides({ hello: 'Hi {name}', plain: 'Hi {name}', gone: 'x' }, bundles)).toEqual({ hello: 'Hi {name}' });
  });
});

describe('override problems at their edges', () => {
  it.each([
    ['hello', 5, 'validation.translations.notString'],
    ['hello', '   ', 'validation.translations.empty'],
    ['plain', 'x'.repeat(4000), null],
    ['plain', 'x'.repeat(4001), 'validation.translations.tooLong'],
    ['hello', 'Hello', 'validation.translations.placeholders'], // a placeholder left out
    ['hello', 'Hello {name} {name}', null],
    ['hello', 'Hi {who} and {name}', 'validation.translations.placeholders'],
  ])('%s %j: %s', (id, text, problem) => {
    expect(problemOf(id, text, bundles)).toBe(problem);
  });

  it('a select argument is not a plural one', () => {
    expect([...placeholdersOf(parse('{g, select, male {he} other {they}}'))]).toEqual(['g:select']);
    expect(problemOf('items', '{count, select, other {# items}}', bundles)).toBe('validation.translations.placeholders');
  });

  it('a missing catalogue is no object', () => {
    expect(checkOverrides({ en: null, fr: [], ru: {} }, bundles).errors).toEqual({ en: 'validation.translations.notObject', fr: 'validation.translations.notObject' });
  });

  it('keeps an id such as __proto__ as a plain override, not a prototype', () => {
    const withProto = { ...bundles, en: { ...bundles.en, ['__proto__']: 'Proto' } };
    Object.defineProperty(withProto.en, '__proto__', { value: 'Proto', enumerable: true });
    const input = JSON.parse('{"__proto__": "Changed"}') as Record<string, string>;
    const checked = checkOverrides({ en: input, fr: {}, ru: {} }, withProto);
    expect(Object.keys(checked.overrides.en)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(checked.overrides.en)).toBe(Object.prototype);
  });
});
