import { LOCALE_NAMES, LOCALES } from '../../i18n/locales';
import { useT } from '../../i18n/t';
import { Dropdown } from '../../ui/dropdown';
import { useLocale } from '../i18n-provider';

/** English, Français, Русский: each name in its own language (and marked with its lang). */
export function LanguageMenu() {
  const { locale, setLocale } = useLocale();
  const t = useT();
  return (
    <Dropdown
      align="end"
      className="language-menu"
      buttonClassName="icon-button"
      // The visible code starts the accessible name (WCAG 2.5.3, label in name).
      ariaLabel={t('language.choose', { code: locale.toUpperCase(), language: LOCALE_NAMES[locale] })}
      label={
        <>
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="9" />
            <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
          </svg>
          <span className="language-code" aria-hidden="true">
            {locale.toUpperCase()}
          </span>
        </>
      }
    >
      <ul className="menu-list">
        {LOCALES.map((code) => (
          <li key={code}>
            <button
              type="button"
              lang={code}
              className="menu-item"
              aria-current={code === locale ? 'true' : undefined}
              onClick={() => setLocale(code)}
            >
              {LOCALE_NAMES[code]}
              {code === locale && (
                <svg className="icon check" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
              )}
            </button>
          </li>
        ))}
      </ul>
    </Dropdown>
  );
}
