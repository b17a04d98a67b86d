import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { placeholders } from '../test/icu';
import { ALL_MESSAGES, CATALOGUE_PARTS } from '../all-catalogues';
import { en } from './messages/en';
import { frenchTypographyFaults } from 'shared/testing/french';


const parts = Object.entries(CATALOGUE_PARTS) as [string, Record<'en' | 'fr' | 'ru', Record<string, string>>][];
const translated = ['fr', 'ru'] as const;

describe('message catalogues', () => {
  describe.each(parts)('%s catalogue', (_name, part) => {
    it.each(translated)('%s has exactly the English keys', (locale) => {
      expect(Object.keys(part[locale]).sort()).toEqual(Object.keys(part.en).sort());
    });

    it.each(translated)('%s uses the same ICU placeholders as English', (locale) => {
      for (const [key, message] of Object.entries(part.en)) {
        expect({ key, placeholders: placeholders(part[locale][key]!) }).toEqual({ key, placeholders: placeholders(message) });
      }
    });

    it('every message is valid ICU and non-empty', () => {
      for (const catalogue of [part.en, part.fr, part.ru]) {
        for (const message of Object.values(catalogue)) {
          expect(message.trim()).not.toBe('');
          expect(() => parse(message)).not.toThrow();
        }
      }
    });
  });

  it('never defines an id in two catalogues (an area lays its texts under the entry ones)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [name, part] of parts) {
      for (const id of Object.keys(part.en)) {
        if (seen.has(id)) twice.push(`${id}: ${seen.get(id)} and ${name}`);
        seen.set(id, name);
      }
    }
    expect(twice).toEqual([]);
    expect(Object.keys(ALL_MESSAGES.en)).toHaveLength(seen.size);
  });

  it('one casing of the status cards’ labels: a completed stage reads the same on every page, and no title-cased status', () => {
    const completed = ['analytics.access.completed', 'analytics.dimension.completed', 'orderFeed.status.completed', 'collector.status.done', 'utm.status.done', 'instructions.status.done'];
    for (const locale of ['en', 'fr', 'ru'] as const) {
      expect(new Set(completed.map((id) => ALL_MESSAGES[locale][id])), locale).toEqual(new Set([ALL_MESSAGES[locale]['instructions.status.done']]));
    }
    expect(ALL_MESSAGES.en['instructions.status.done']).toBe('Stage completed');
    // The cards' titles in sentence case (the spec's Access Granted / Access Denied / Stage Completed read as the other cards do).
    const titles = Object.entries(ALL_MESSAGES.en).filter(([id]) => /^analytics\.(access|dimension)\.(todo|granted|denied|completed|success|low|error)$|\.status\.(done|completed|toVerify|warnings|noErrors)$/.test(id));
    expect(titles.length).toBeGreaterThan(10);
    expect(titles.filter(([, text]) => /^\S+ [A-Z][a-z]/.test(text))).toEqual([]);
  });

  it('French typography: a no-break space before : ; ! ? » and after «, and ’ for the apostrophe', () => {
    // An ordinary space lets a phone's line break put '»' or '!' alone at the start of a line;
    // the typewriter apostrophe (l'équipe) is not French print.
    // The instruction pages' French is checked beside them (features/instructions).
    expect(frenchTypographyFaults(parts.flatMap(([, part]) => Object.entries(part.fr)))).toEqual([]);
  });

  it('keeps the exact texts of the spec in English', () => {
    expect(en['login.invalid']).toBe('Invalid login or password!');
    expect(en['reset.request.sent']).toBe(
      'If a matching account was found an email was sent to {email} to allow you to reset your password.',
    );
    expect(en['reset.invalid']).toBe("Looks like you've tried to reset your password, but something went wrong in the process...");
    expect(en['validation.email']).toBe('Please enter a valid email');
    expect(en['validation.passwordsDoNotMatch']).toBe('Passwords do not match');
    expect(en['reset.success']).toBe('Password changed successfully');
    expect(en['reset.backToSignIn']).toBe('Back to Sign In');
  });
});
