import { describe, expect, it } from 'vitest';
import { COLLECTOR_PLATFORM_CATEGORIES, COLLECTOR_PLATFORMS, platformsOf } from './collector-platforms';
import { COLLECTOR_TYPES } from './types';

describe('collector platforms', () => {
  it('covers 70+ platforms (spec: "70+ in the French text") under unique ids and names, every category used', () => {
    expect(COLLECTOR_PLATFORMS.length).toBeGreaterThanOrEqual(70);
    expect(new Set(COLLECTOR_PLATFORMS.map((p) => p.id)).size).toBe(COLLECTOR_PLATFORMS.length);
    expect(new Set(COLLECTOR_PLATFORMS.map((p) => p.name.toLowerCase())).size).toBe(COLLECTOR_PLATFORMS.length);
    for (const category of COLLECTOR_PLATFORM_CATEGORIES) {
      expect(platformsOf(category).length, category).toBeGreaterThan(0);
      expect(platformsOf(category).every((p) => p.category === category), category).toBe(true);
    }
    // Each platform in exactly one category, in the list's order.
    expect(COLLECTOR_PLATFORM_CATEGORIES.flatMap(platformsOf).sort((a, b) => COLLECTOR_PLATFORMS.indexOf(a) - COLLECTOR_PLATFORMS.indexOf(b))).toEqual(COLLECTOR_PLATFORMS);
    expect(platformsOf(COLLECTOR_PLATFORM_CATEGORIES[0]!).map((p) => COLLECTOR_PLATFORMS.indexOf(p))).toEqual(
      [...platformsOf(COLLECTOR_PLATFORM_CATEGORIES[0]!).map((p) => COLLECTOR_PLATFORMS.indexOf(p))].sort((a, b) => a - b),
    );
    expect(COLLECTOR_PLATFORMS.every((p) => (COLLECTOR_TYPES as readonly string[]).includes(p.type))).toBe(true);
  });

  it('keeps the former demo ids for their platforms (existing data stays stable)', () => {
    const byId = Object.fromEntries(COLLECTOR_PLATFORMS.map((p) => [p.id, p.name]));
    expect(byId).toMatchObject({
      '0b7c6c1e-2f0a-4a51-9d1e-6a0f3b1c2d01': 'Google Ads',
      '0b7c6c1e-2f0a-4a51-9d1e-6a0f3b1c2d02': 'Meta Ads',
      '0b7c6c1e-2f0a-4a51-9d1e-6a0f3b1c2d03': 'Criteo',
      '0b7c6c1e-2f0a-4a51-9d1e-6a0f3b1c2d04': 'Awin',
      '0b7c6c1e-2f0a-4a51-9d1e-6a0f3b1c2d05': 'Admitad',
      '0b7c6c1e-2f0a-4a51-9d1e-6a0f3b1c2d06': 'Microsoft Advertising',
    });
  });

  it('has a one-sentence access instruction in EN, FR and RU, each in its own typography', () => {
    for (const { name, access } of COLLECTOR_PLATFORMS) {
      for (const lang of ['en', 'fr', 'ru'] as const) {
        expect(access[lang], `${name} ${lang}`).toMatch(/^\S.{20,}\.$/);
      }
      // French: no typewriter apostrophe, a no-break space before the high punctuation.
      expect(access.fr, name).not.toMatch(/'|[^\u00a0\u202f][:;?!»]|«[^\u00a0\u202f]/);
      expect(access.ru, `${name} ru`).toMatch(/[а-яё]/i);
    }
  });

});
