import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { ALL_MESSAGES } from '../../web/src/all-catalogues';
import type { MessageId } from '../../web/src/i18n/messages/en';

/** What global-setup started: the portal URL, the SES emulator and the seeded logins. */
export interface SeededLogin {
  role: string;
  login: string;
  password: string;
  company: string;
}

export const portalUrl = (): string => {
  const url = process.env.E2E_URL;
  if (!url) throw new Error('E2E_URL is not set: run through test/e2e/playwright.config.ts');
  return url;
};

export const sesUrl = (): string => process.env.E2E_SES_URL ?? '';

export const stackEnv = (): Record<string, string> => JSON.parse(process.env.E2E_ENV ?? '{}');

export const seeded = (): SeededLogin[] => JSON.parse(process.env.E2E_CREDENTIALS ?? '[]');

export const login = (role: 'ROLE_ADMIN' | 'ROLE_MANAGER' | 'ROLE_USER', company?: string): SeededLogin => {
  const found = seeded().find((s) => s.role === role && (!company || s.company === company));
  if (!found) throw new Error(`No seeded ${role} login`);
  return found;
};

/** Every text of the app (entry and area catalogues), per language. */
export const catalogues = ALL_MESSAGES;
export type Locale = keyof typeof catalogues;
export const m = (locale: Locale, id: MessageId): string => catalogues[locale][id] ?? catalogues.en[id]!;
/**
 * A message with values as the page shows it: text, arguments and selects of the catalogue's ICU
 * (react-intl itself would bring React's DOM types into the tests' program).
 */
export const fm = (locale: Locale, id: MessageId, values: Record<string, string | number>): string => {
  const format = (elements: MessageFormatElement[]): string =>
    elements
      .map((element) => {
        if (element.type === TYPE.literal) return element.value;
        if (element.type === TYPE.argument) return String(values[element.value]);
        if (element.type === TYPE.select) return format((element.options[String(values[element.value])] ?? element.options.other!).value);
        throw new Error(`fm: ${id} holds an ICU element it does not format (type ${element.type})`);
      })
      .join('');
  return format(parse(m(locale, id)));
};

export const go = (page: Page, path: string) => page.goto(portalUrl() + path);

/** Chooses the interface language before the app starts (the app keeps it in localStorage). */
export async function useLocale(page: Page, locale: Locale) {
  // Runs in the page before the app starts, on the first load only (the test may switch later).
  const value = JSON.stringify(locale);
  await page.addInitScript({
    content: `if (!sessionStorage.getItem('e2e-locale-set')) { localStorage.setItem('locale', ${value}); sessionStorage.setItem('e2e-locale-set', '1'); }`,
  });
}

export async function signIn(page: Page, who: { login: string; password: string }, locale: Locale = 'en') {
  await page.getByLabel(m(locale, 'login.email')).fill(who.login);
  await page.getByLabel(m(locale, 'login.password'), { exact: true }).fill(who.password);
  await page.getByRole('button', { name: m(locale, 'login.submit') }).click();
}

export async function expectSignedInShell(page: Page, locale: Locale = 'en') {
  await expect(page.getByRole('navigation', { name: m(locale, 'nav.label') })).toBeVisible();
}

/**
 * The newest axe-core (devDependency `axe-core`, not the copy bundled in @axe-core/playwright):
 * WCAG 2.1 A/AA plus label-content-name-mismatch (WCAG 2.5.3), which axe still marks experimental
 * and so leaves off by default. One helper for every browser test that checks a screen.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const axeVersion = (): string => JSON.parse(readFileSync(createRequire(import.meta.url).resolve('axe-core/package.json'), 'utf8')).version;

export async function expectNoViolations(page: Page, label: string) {
  const result = await new AxeBuilder({ page, axeSource })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  expect(result.testEngine.version, 'axe-core version').toBe(axeVersion());
  const summary = result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `${label}: axe violations`).toEqual([]);
}
