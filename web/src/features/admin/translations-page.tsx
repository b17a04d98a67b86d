import { useState } from 'react';
import { useIntl } from 'react-intl';
import { TRANSLATION_LOCALES, type TranslationCatalogues, type TranslationLocale } from 'shared/domain/translations';
import { translationsGet, translationsUpdate } from 'shared/routes';
import { T, useT } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { errorMessageId, fieldMessageId } from '../../lib/api/error-message';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { PageHeading } from '../../ui/page-heading';
import { ListState } from '../../ui/list-state';
import { readTexts, serverProblems, toText, type LocalProblem, type ServerProblem, type Texts } from './translations-editor';
import './translations-page.css';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes';

const LABEL: Record<TranslationLocale, string> = { en: 'EN', fr: 'FR', ru: 'RU' };

const textsOf = (data: TranslationCatalogues): Texts => ({ en: toText(data.catalogues.en), fr: toText(data.catalogues.fr), ru: toText(data.catalogues.ru) });

/**
 * Translations (admin): a language picker, one JSON text area per language holding the whole
 * effective catalogue (bundle + overrides: the admin sees every id with its current text and
 * edits in place; only differences from the bundle are stored), "Update all", then the note to
 * refresh. The answer of GET /api/translations without a query is that view.
 */
export function TranslationsPage() {
  // Read on arrival only: a refetch while the admin types would replace the text areas (keyed by version).
  const { data, error } = useRoute(translationsGet, undefined, { revalidateOnFocus: false, revalidateOnReconnect: false });
  const loaded = data && 'catalogues' in data ? data : undefined;
  return (
    <div className="page">
      <PageHeading />
      <ListState data={loaded} error={error}>
        {(catalogues) => <Editor key={catalogues.version} initial={catalogues} />}
      </ListState>
    </div>
  );
}

type Outcome =
  | { kind: 'saved' }
  | { kind: 'local'; problems: LocalProblem[] }
  | { kind: 'server'; problems: ServerProblem[]; message: string }
  | { kind: 'failed'; error: unknown };

function Editor({ initial }: { initial: TranslationCatalogues }) {
  const t = useT();
  const intl = useIntl();
  const [current, setCurrent] = useState(initial);
  const [texts, setTexts] = useState<Texts>(() => textsOf(initial));
  const [saved, setSaved] = useState<Texts>(() => textsOf(initial));
  const [locale, setLocale] = useState<TranslationLocale>('en');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const edited = (l: TranslationLocale) => texts[l] !== saved[l];
  useUnsavedChanges(TRANSLATION_LOCALES.some(edited));

  const updateAll = async () => {
    const { catalogues, problems } = readTexts(texts);
    if (problems.length) {
      setOutcome({ kind: 'local', problems });
      setLocale(problems[0]!.locale);
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await mutateRoute(translationsUpdate, { body: { version: current.version, ...catalogues } });
      setCurrent(answer);
      const next = textsOf(answer);
      setTexts(next);
      setSaved(next);
      setOutcome({ kind: 'saved' });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'validation' && Object.keys(failure.fieldErrors).length) {
        const problems = serverProblems(failure.fieldErrors);
        setOutcome({ kind: 'server', problems, message: failure.message });
        if (problems[0]) setLocale(problems[0].locale);
      } else {
        setOutcome({ kind: 'failed', error: failure });
      }
    } finally {
      setBusy(false);
    }
  };

  const onTabKey = (event: React.KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TRANSLATION_LOCALES[(TRANSLATION_LOCALES.indexOf(locale) + step + TRANSLATION_LOCALES.length) % TRANSLATION_LOCALES.length]!;
    setLocale(next);
    document.getElementById(`translations-tab-${next}`)?.focus();
  };

  return (
    <Card>
            <p className="muted">
        <T id="translations.intro" />
      </p>
      <div className="translations-tabs" role="tablist" aria-label={t('translations.languages')} onKeyDown={onTabKey}>
        {TRANSLATION_LOCALES.map((l) => (
          <button
            key={l}
            id={`translations-tab-${l}`}
            type="button"
            role="tab"
            aria-selected={l === locale}
            // Only the shown language's panel exists (below).
            aria-controls={l === locale ? `translations-panel-${l}` : undefined}
            tabIndex={l === locale ? 0 : -1}
            className={edited(l) ? 'translations-tab translations-tab-edited' : 'translations-tab'}
            onClick={() => setLocale(l)}
          >
            {LABEL[l]}
          </button>
        ))}
      </div>
      {/* The shown language only: each catalogue is some 2,000 lines (95 KB) of text to put in a
          text area; the others wait in `texts` until their tab is chosen. */}
      <div key={locale} id={`translations-panel-${locale}`} role="tabpanel" aria-labelledby={`translations-tab-${locale}`}>
        <label className="visually-hidden" htmlFor={`translations-text-${locale}`}>
          <T id="translations.textarea" values={{ language: LABEL[locale] }} />
        </label>
        <textarea
          id={`translations-text-${locale}`}
          className="input translations-textarea"
          spellCheck={false}
          value={texts[locale]}
          onChange={(event) => setTexts({ ...texts, [locale]: event.target.value })}
        />
        <div className="translations-meta muted">
          <span>
            <T id="translations.overridden" values={{ count: current.overridden[locale].length }} />
          </span>
          {edited(locale) && (
            <span>
              <T id="translations.edited" />
            </span>
          )}
        </div>
      </div>
      <Outcome outcome={outcome} intl={intl} />
      <div className="translations-actions">
        <Button onClick={updateAll} loading={busy}>
          <T id="translations.updateAll" />
        </Button>
        {TRANSLATION_LOCALES.some(edited) && (
          <Button variant="secondary" onClick={() => (setTexts(saved), setOutcome(null))} disabled={busy}>
            <T id="translations.discard" />
          </Button>
        )}
      </div>
      <p className="muted translations-note">
        <T id="translations.refreshNote" />
      </p>
    </Card>
  );
}

function Outcome({ outcome, intl }: { outcome: Outcome | null; intl: ReturnType<typeof useIntl> }) {
  if (!outcome) return null;
  if (outcome.kind === 'saved') return <Callout tone="success"><T id="translations.saved" /></Callout>;
  if (outcome.kind === 'failed') {
    const conflict = outcome.error instanceof ApiError && outcome.error.code === 'conflict';
    return (
      <Callout tone="danger">
        <T id={conflict ? 'translations.conflict' : errorMessageId(outcome.error)} />
      </Callout>
    );
  }
  if (outcome.kind === 'local') {
    return (
      <Callout tone="danger" title={<T id="translations.refused" />}>
        <ul className="translations-problems">
          {outcome.problems.map((p, i) => (
            <li key={i}>
              {p.kind === 'invalidJson' ? (
                <T id="translations.invalidJson" values={{ language: LABEL[p.locale], line: p.line }} />
              ) : p.kind === 'notObject' ? (
                <T id="translations.notObject" values={{ language: LABEL[p.locale] }} />
              ) : (
                <T id="translations.notString" values={{ language: LABEL[p.locale], id: p.id }} />
              )}
            </li>
          ))}
        </ul>
      </Callout>
    );
  }
  return (
    <Callout tone="danger" title={<T id="translations.refused" />}>
      <ul className="translations-problems">
        {outcome.problems.map((p) => (
          <li key={`${p.locale}.${p.id}`}>
            <code>
              <T id="translations.problem" values={{ language: LABEL[p.locale], id: p.id || '—' }} />
            </code>{' '}
            <T id={fieldMessageId(p.reason, intl.messages)} />
          </li>
        ))}
      </ul>
    </Callout>
  );
}
