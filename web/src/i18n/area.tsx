import { use, useMemo, type ComponentType } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Locale } from './locales';

/**
 * Per-area catalogues: a feature folder keeps the texts only its pages show in
 * `features/<area>/messages/{en,fr,ru}.ts`, so they load with the area's lazy chunk instead of
 * the entry (the first route's JavaScript budget). English is imported by the area module itself;
 * French and Russian are chunks of their own, fetched when that language is on screen.
 *
 * The area's catalogue is laid UNDER the app's messages: those hold the admin's overrides for
 * every id, area ids included (the server checks override ids against all catalogues), and never
 * an area id otherwise (catalogues.test.ts keeps the id sets disjoint).
 */

type Texts = Readonly<Record<string, string>>;

export interface MessageArea {
  readonly name: string;
  /** Resolves the area's messages for a language, French and Russian laid over English. */
  load(locale: Locale): Promise<Texts>;
}

export function defineArea(name: string, en: Texts, others: Record<Exclude<Locale, 'en'>, () => Promise<Texts>>): MessageArea {
  const cache = new Map<Locale, Promise<Texts>>([['en', Promise.resolve(en)]]);
  return {
    name,
    load(locale) {
      let pending = cache.get(locale);
      if (!pending) {
        pending = others[locale as Exclude<Locale, 'en'>]().then(
          (texts) => ({ ...en, ...texts }),
          () => en, // a chunk that fails to load shows English, like the app's own catalogue
        );
        cache.set(locale, pending);
      }
      return pending;
    },
  };
}

const localeOf = (formatLocale: string): Locale => (formatLocale.startsWith('fr') ? 'fr' : formatLocale.startsWith('ru') ? 'ru' : 'en');

/** Renders children with the area's messages added (suspends while a language's chunk loads). */
function AreaMessages({ area, children }: { area: MessageArea; children: React.ReactNode }) {
  const intl = useIntl();
  const texts = use(area.load(localeOf(intl.locale)));
  // Strings in tests and the dev server, pre-parsed ASTs in the build (both catalogues alike).
  const messages = useMemo(() => ({ ...texts, ...intl.messages }) as Record<string, string>, [texts, intl.messages]);
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages} onError={intl.onError}>
      {children}
    </IntlProvider>
  );
}

/** A page component of an area: `withArea(area, Page)`; used by the lazy page table. */
export function withArea<P extends object>(area: MessageArea, Page: ComponentType<P>): ComponentType<P> {
  const InArea = (props: P) => (
    <AreaMessages area={area}>
      <Page {...props} />
    </AreaMessages>
  );
  InArea.displayName = `InArea(${area.name})`;
  return InArea;
}
