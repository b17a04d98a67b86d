import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { en, type Catalogue } from '../i18n/messages/en';
import { loadMessages, readStoredLocale, storeLocale, type Locale } from '../i18n/locales';

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
    loadMessages(requested).then(
      (messages) => !cancelled && setActive({ locale: requested, messages }),
      () => !cancelled && setActive({ locale: 'en', messages: en }),
    );
    return () => {
      cancelled = true;
    };
  }, [requested]);

  useEffect(() => {
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
