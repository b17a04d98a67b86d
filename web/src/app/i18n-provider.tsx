import { createContext, useContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { en, type Catalogue } from '../i18n/messages/en';
import { fetchOverrides, loadMessages, OVERRIDES_WAIT_MS, readStoredLocale, storeLocale, type Locale, type Overrides } from '../i18n/locales';

const FORMAT_LOCALE: Record<Locale, string> = { en: 'en-GB', fr: 'fr', ru: 'ru' };

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleState>({ locale: 'en', setLocale: () => undefined });
export const useLocale = () => useContext(LocaleContext);

/**
 * Holds the language (kept in localStorage), loads its catalogue (laid over English, so a
 * missing key shows English) and mirrors it in <html lang> for screen readers and hyphenation.
 */
export function I18nProvider({ children, initialLocale }: { children: ReactNode; initialLocale?: Locale }) {
  const [requested, setRequested] = useState<Locale>(() => initialLocale ?? readStoredLocale());
  // The catalogue on screen: it changes only once the requested one has loaded (no flash of ids).
  const [active, setActive] = useState<{ locale: Locale; messages: Catalogue } | null>(() =>
    requested === 'en' ? { locale: 'en', messages: en } : null,
  );

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The admin's overrides (GET /api/translations?locale=xx) are fetched alongside the catalogue.
    // English is on screen at once and gets them when they arrive; French and Russian wait for
    // their chunk anyway, and for the overrides at most OVERRIDES_WAIT_MS more, so that usually
    // only one catalogue is ever shown. fetchOverrides never rejects: no overrides, no failure.
    const overrides = fetchOverrides(requested);
    const withOverrides = (messages: Catalogue, extra: Overrides): Catalogue =>
      Object.keys(extra).length ? ({ ...messages, ...extra } as unknown as Catalogue) : messages;
    const early = new Promise<Overrides | null>((resolve) => {
      timer = setTimeout(() => resolve(null), OVERRIDES_WAIT_MS);
      void overrides.then(resolve);
    });
    loadMessages(requested).then(
      async (messages) => {
        const first = requested === 'en' ? null : await early;
        if (cancelled) return;
        setActive({ locale: requested, messages: withOverrides(messages, first ?? {}) });
        if (first === null) {
          const late = await overrides;
          if (!cancelled && Object.keys(late).length) setActive({ locale: requested, messages: withOverrides(messages, late) });
        }
      },
      () => !cancelled && setActive({ locale: 'en', messages: en }),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [requested]);

  // Before paint, with the commit that shows the new language: a screen reader never reads the
  // new text under the old <html lang> (a passive effect ran a moment later, after paint).
  useLayoutEffect(() => {
    if (active) document.documentElement.lang = active.locale;
  }, [active]);

  const setLocale = (locale: Locale) => {
    storeLocale(locale);
    setRequested(locale);
  };

  if (!active) return null; // a French or Russian catalogue is a few ms away on first load
  return (
    <LocaleContext.Provider value={{ locale: active.locale, setLocale }}>
      {/* English formats dates as en-GB: the spec shows dates day/month/year in every language. */}
      <IntlProvider locale={FORMAT_LOCALE[active.locale]} defaultLocale="en" messages={active.messages}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
