import { en, type Catalogue } from './messages/en';

export const LOCALES = ['en', 'fr', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
const DEFAULT_LOCALE: Locale = 'en';

/** Language names are shown in their own language, whatever the current one. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français', ru: 'Русский' };

const STORAGE_KEY = 'locale';

const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

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

/**
 * Translation overrides (the admin's Translations page): one language's messages, pre-parsed
 * ICU ASTs, laid over the bundled catalogue. Only well-formed ids are kept, and never a message
 * holding a rich-text tag: the portal renders no markup from catalogue text (react-intl formats
 * into plain text nodes, and no page hands a tag function to a message). Anything unexpected in
 * the answer is dropped, not trusted.
 */
export type Overrides = Record<string, unknown[]>;

const TAG_ELEMENT = 8;
/**
 * The shape of a message id. The ids themselves are checked by the server against every
 * catalogue, areas included; the entry chunk does not hold the areas' ids to check them again.
 */
const MESSAGE_ID = /^[A-Za-z][\w.-]{0,127}$/; // @formatjs/icu-messageformat-parser TYPE.tag

function hasTag(elements: unknown[]): boolean {
  return elements.some((element) => {
    if (!element || typeof element !== 'object') return true; // not an AST element: refuse
    const node = element as { type?: unknown; children?: unknown; options?: Record<string, { value?: unknown }> };
    if (node.type === TAG_ELEMENT) return true;
    if (Array.isArray(node.children) && hasTag(node.children)) return true;
    return Object.values(node.options ?? {}).some((option) => !Array.isArray(option?.value) || hasTag(option.value));
  });
}

export function sanitizeOverrides(answer: unknown, locale: Locale): Overrides {
  const safe: Overrides = {};
  if (!answer || typeof answer !== 'object') return safe;
  const { locale: answered, messages } = answer as { locale?: unknown; messages?: unknown };
  if (answered !== locale || !messages || typeof messages !== 'object') return safe;
  for (const [id, value] of Object.entries(messages)) {
    if (MESSAGE_ID.test(id) && Array.isArray(value) && value.length > 0 && !hasTag(value)) safe[id] = value;
  }
  return safe;
}

/** How long a first render waits for the overrides (French and Russian wait for their chunk anyway). */
export const OVERRIDES_WAIT_MS = 400;
const OVERRIDES_TIMEOUT_MS = 8000;

const overridesRequests = new Map<Locale, Promise<Overrides>>();

/**
 * GET /api/translations?locale=xx, once per language per page load. Never rejects: a failed,
 * slow or odd answer means no overrides (the bundle), never a broken app. The answer carries an
 * ETag, so the browser's next start revalidates it for an empty 304.
 */
export function fetchOverrides(locale: Locale, path = '/api/translations'): Promise<Overrides> {
  let request = overridesRequests.get(locale);
  if (!request) {
    request = (async () => {
      try {
        const controller = typeof AbortController === 'function' ? new AbortController() : null;
        const timer = setTimeout(() => controller?.abort(), OVERRIDES_TIMEOUT_MS);
        try {
          const url = new URL(`${path}?locale=${locale}`, window.location.origin);
          const res = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' }, signal: controller?.signal ?? null });
          return res.ok ? sanitizeOverrides(await res.json(), locale) : {};
        } finally {
          clearTimeout(timer);
        }
      } catch {
        return {};
      }
    })();
    overridesRequests.set(locale, request);
  }
  return request;
}

/** Tests only: forget the answers of this page load. */
export function forgetOverrides(): void {
  overridesRequests.clear();
}
