import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFeedChecker } from './checker';
import { RULES } from './rules';
import { LANGUAGES, WARNING_KEYS, WARNINGS, warningText, type WarningKey } from './warnings';
import type { FeedFormat } from './types';
import { frenchTypographyFaults } from '../testing/french';

const root = new URL('../../', import.meta.url);
const page = (key: string) => readFileSync(new URL(WARNINGS[key as WarningKey].doc, root), 'utf8');

describe('the warning catalogue', () => {
  it('has the 34 keys of the spec, each with exactly one rule', () => {
    expect(WARNING_KEYS).toHaveLength(34);
    expect(new Set(WARNING_KEYS).size).toBe(34);
    expect(Object.keys(RULES).sort()).toEqual([...WARNING_KEYS].sort());
  });

  it('has a title and an explanation in EN, FR and RU, worded for orders and for leads', () => {
    for (const key of WARNING_KEYS) {
      for (const language of LANGUAGES) {
        for (const kind of ['order', 'lead'] as const) {
          const { title, explanation } = warningText(key, language, kind);
          expect(title.length, `${key} ${language}`).toBeGreaterThan(3);
          expect(explanation.length, `${key} ${language}`).toBeGreaterThan(20);
          expect(`${title} ${explanation}`, `${key} ${language} ${kind}: unfilled placeholder`).not.toMatch(/\{\w+\}/);
        }
      }
    }
    expect(warningText('missingId', 'en', 'lead').title).toBe('Lead without id');
    expect(warningText('noOrdersDone', 'ru', 'lead').title).toBe('Нет оплаченных лидов');
    expect(warningText('noOrdersDone', 'fr', 'order').explanation).not.toMatch(/\blead/);
  });

  it('links every key to its page, and the index links every page', () => {
    const index = readFileSync(new URL('docs/feed-warnings/README.md', root), 'utf8');
    for (const key of WARNING_KEYS) {
      expect(WARNINGS[key].doc).toBe(`docs/feed-warnings/${key}.md`);
      expect(existsSync(new URL(WARNINGS[key].doc, root)), key).toBe(true);
      expect(page(key)).toMatch(new RegExp(`^# ${key}: `));
      expect(index).toContain(`](${key}.md)`);
    }
  });
});

/**
 * The "raises it" and "does not" snippets of the pages are real: each is checked. Feed-level
 * keys and those that need other orders or analytics ids are illustrated with comments, and the
 * rule tests cover them.
 */
describe('the examples of the warning pages', () => {
  const illustrative = new Set<string>(['hugePrice', 'gaOrdersDontMatchXml', 'noOrdersDone', 'notEnoughDoneOrders', 'noOrdersCancel', 'dateRangeTooShort']);
  const snippets = (text: string, lang: FeedFormat) => [...text.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)\\n```', 'g'))].map((m) => m[1]!);
  const counts = (format: FeedFormat, text: string) => {
    const checker = createFeedChecker({ format, product: '360', now: new Date('2026-11-21T10:00:00Z') });
    checker.push(format === 'xml' ? `<orders>\n${text}\n</orders>` : text);
    return checker.end().counts;
  };
  for (const key of WARNING_KEYS.filter((k) => !illustrative.has(k))) {
    it(key, () => {
      for (const format of ['xml', 'csv'] as const) {
        const found = snippets(page(key), format);
        if (format === 'xml') expect(found).toHaveLength(2);
        if (found.length === 0) continue;
        const [bad, good] = found as [string, string];
        expect(counts(format, bad)[key], `${format} bad`).toBeGreaterThan(0);
        expect(counts(format, good)[key], `${format} good`).toBeUndefined();
      }
    });
  }
});

describe('the findings in French', () => {
  it('keep punctuation with its word (no-break spaces), for an order and a lead feed', () => {
    const texts = WARNING_KEYS.flatMap((key) => (['order', 'lead'] as const).flatMap((kind) => Object.entries(warningText(key, 'fr', kind)).map(([part, text]) => [`${key}.${kind}.${part}`, text] as const)));
    expect(frenchTypographyFaults(texts)).toEqual([]);
  });
});
