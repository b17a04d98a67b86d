import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it, vi } from 'vitest';
import type { MessageTexts, TranslationLocale } from '../../../shared/domain/translations';
import type { TranslationOverridesRecord } from '../../data/translations';
import { ValidationError } from '../../platform/errors';
import { getCompiledTranslations, getTranslationCatalogues, updateTranslations, type TranslationDeps } from './translations';

const bundles = {
  en: { hello: 'Hello {name}', plain: 'Sign in', bye: 'Bye' },
  fr: { hello: 'Bonjour {name}', plain: 'Connexion', bye: 'Au revoir' },
  ru: { hello: 'Привет, {name}', plain: 'Вход', bye: 'Пока' },
};
const record = (version: number, overrides: Partial<Record<TranslationLocale, MessageTexts>> = {}): TranslationOverridesRecord => ({
  version,
  overrides: { en: {}, fr: {}, ru: {}, ...overrides },
  updatedAt: null,
  updatedBy: null,
});

function fakeDeps(stored: TranslationOverridesRecord) {
  let current = stored;
  const deps = {
    bundles,
    getOverrides: vi.fn(async () => current),
    putOverrides: vi.fn(async (version: number, overrides: Record<TranslationLocale, MessageTexts>, by: string) => {
      current = { version: version + 1, overrides, updatedAt: '2026-11-24T10:00:00.000Z', updatedBy: by };
      return current;
    }),
    compiled: new Map(),
  } satisfies TranslationDeps;
  return { deps, set: (next: TranslationOverridesRecord) => (current = next) };
}

describe('translations', () => {
  it('the admin page gets each language\'s bundle with the usable overrides laid over it, and their ids sorted', async () => {
    // A stored override the bundle no longer allows (a placeholder renamed) is left out.
    const { deps } = fakeDeps(record(4, { en: { plain: 'Log in', bye: 'See you', hello: 'Hi {who}' }, ru: { bye: 'До свидания' } }));
    expect(await getTranslationCatalogues(deps)).toEqual({
      version: 4,
      catalogues: { en: { hello: 'Hello {name}', plain: 'Log in', bye: 'See you' }, fr: bundles.fr, ru: { ...bundles.ru, bye: 'До свидания' } },
      overridden: { en: ['bye', 'plain'], fr: [], ru: ['bye'] },
    });
    expect(deps.getOverrides).toHaveBeenCalledWith({ consistent: true });
  });

  it('a visitor\'s app gets one language\'s usable overrides parsed, compiled once per version', async () => {
    const { deps, set } = fakeDeps(record(2, { fr: { hello: 'Salut {name}', plain: 'Entrer {' } }));
    const first = await getCompiledTranslations('fr', deps);
    // 'Entrer {' is no message: left out.
    expect(first).toEqual({ version: 2, locale: 'fr', messages: { hello: parse('Salut {name}') } });
    expect(await getCompiledTranslations('fr', deps)).toBe(first);
    // Another language, or a new version, is compiled anew.
    expect((await getCompiledTranslations('en', deps)).messages).toEqual({});
    set(record(3, { fr: { hello: 'Coucou {name}' } }));
    const next = await getCompiledTranslations('fr', deps);
    expect(next).not.toBe(first);
    expect(next.version).toBe(3);
  });

  it('keeps at most 30 compiled catalogues', async () => {
    const { deps, set } = fakeDeps(record(0));
    const oldest = await getCompiledTranslations('en', deps);
    for (let version = 1; version < 30; version++) {
      set(record(version));
      await getCompiledTranslations('en', deps);
    }
    expect(deps.compiled.size).toBe(30);
    set(record(0));
    expect(await getCompiledTranslations('en', deps)).toBe(oldest);
    set(record(30));
    await getCompiledTranslations('en', deps);
    expect(deps.compiled.size).toBe(1);
  });

  it('stores only the differences from the bundles, under the version read, by the admin', async () => {
    const { deps } = fakeDeps(record(5));
    const answer = await updateTranslations({ version: 5, en: { ...bundles.en, bye: 'Later' }, fr: bundles.fr, ru: {} }, 'admin-1', deps);
    expect(deps.putOverrides).toHaveBeenCalledWith(5, { en: { bye: 'Later' }, fr: {}, ru: {} }, 'admin-1');
    expect(answer).toMatchObject({ version: 6, overridden: { en: ['bye'], fr: [], ru: [] } });
    expect(answer.catalogues.en.bye).toBe('Later');
  });

  it('refuses the whole update when one message is wrong, naming it, and writes nothing', async () => {
    const { deps } = fakeDeps(record(5));
    const refusal = await updateTranslations({ version: 5, en: { hello: 'Hi {who}' }, fr: {}, ru: { nope: 'x' } }, 'admin-1', deps).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ValidationError);
    expect((refusal as ValidationError).errors).toEqual({ 'en.hello': 'validation.translations.placeholders', 'ru.nope': 'validation.translations.unknownId' });
    expect((refusal as ValidationError).message).toContain('en.hello');
    expect(deps.putOverrides).not.toHaveBeenCalled();
  });
});
