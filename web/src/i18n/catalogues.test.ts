import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { en } from './messages/en';
import { fr } from './messages/fr';
import { ru } from './messages/ru';

/** Names of the ICU arguments of a message (including nested plural/select branches). */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if ('value' in element && typeof element.value === 'string') names.add(element.value);
      if ('options' in element) Object.values(element.options).forEach((option) => walk(option.value));
      if ('children' in element) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const catalogues = { fr, ru } as Record<string, Record<string, string>>;

describe('message catalogues', () => {
  it.each(Object.keys(catalogues))('%s has exactly the English keys', (locale) => {
    expect(Object.keys(catalogues[locale]!).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(Object.keys(catalogues))('%s uses the same ICU placeholders as English', (locale) => {
    for (const [key, message] of Object.entries(en)) {
      expect({ key, placeholders: placeholders(catalogues[locale]![key]!) }).toEqual({ key, placeholders: placeholders(message) });
    }
  });

  it('every message is valid ICU and non-empty', () => {
    for (const catalogue of [en, fr, ru] as Record<string, string>[]) {
      for (const message of Object.values(catalogue)) {
        expect(message.trim()).not.toBe('');
        expect(() => parse(message)).not.toThrow();
      }
    }
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
