import { en, type Catalogue } from './messages/en';

export const LOCALES = ['en', 'fr', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Language names are shown in their own language, whatever the current one. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français', ru: 'Русский' };

const STORAGE_KEY = 'locale';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The spec keeps the chosen language in local storage; English is the default. */
export function readStoredLocale(): Locale {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE; // storage disabled (private mode, sandboxed iframe)
  }
}

export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    /* storage disabled: the choice lasts for this page only */
  }
}

/**
 * English ships in the entry chunk; French and Russian are fetched on demand so the first
 * route stays small. Every catalogue is laid over English, so a missing key falls back to it.
 */
export async function loadMessages(locale: Locale): Promise<Catalogue> {
  if (locale === 'fr') return { ...en, ...(await import('./messages/fr')).fr };
  if (locale === 'ru') return { ...en, ...(await import('./messages/ru')).ru };
  return en;
}
