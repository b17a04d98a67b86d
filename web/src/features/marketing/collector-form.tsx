import { Field, Form, Formik, type FormikHelpers } from 'formik';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { COLLECTOR_TYPES, type Collector, type DefaultCollector } from 'shared/domain/types';
import { COLLECTOR_NOTE_MAX_LENGTH, COLLECTOR_SOURCE_MAX_LENGTH, collectorFormSchema, type CollectorForm } from 'shared/schemas/collectors';
import { collectorsCreate, defaultCollectorsList } from 'shared/routes';
import { T, useT } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { mutateRoute, typeAhead, useRoute } from '../../lib/api/use-route';
import { SearchBox, useDebounced } from '../../ui/table-tools';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { FormField } from '../../ui/form-field';
import { fromSuggestion } from './collector-model';
import { UnsavedFormGuard } from '../../ui/unsaved-form-guard';
import { ErrorText } from '../../ui/error-text';

export const EMPTY_COLLECTOR_FORM: CollectorForm = { source: '', accessEmail: '', comment: '' };

/** The comment box shared by the create and help forms (a textarea: FormField is for inputs). */
export function CommentField({ label }: { label: 'collector.comment' | 'collector.help.comment' }) {
  const id = useId();
  return (
    <div className="field collector-wide">
      <label className="field-label" htmlFor={id}>
        <T id={label} />
      </label>
      <Field as="textarea" id={id} name="comment" className="input" rows={3} maxLength={COLLECTOR_NOTE_MAX_LENGTH} />
    </div>
  );
}

/** How many of the platform's default collectors the picker offers at once: the server's first matches of what is typed. */
const SUGGESTIONS_SHOWN = 20;

/**
 * The administrators' default collectors, grouped by type: choosing one fills the form. The
 * platform's list grows with what the team adds, so the picker offers the server's first matches
 * of the text typed above it (type-ahead), never the whole list.
 */
function SuggestionPicker({ onPick }: { onPick: (suggestion: DefaultCollector) => void }) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const { data: page, error } = useRoute(defaultCollectorsList, undefined, typeAhead(useDebounced(text.trim()), SUGGESTIONS_SHOWN));
  const data = page?.collectors;
  // Suggestions are a help, never a blocker: none at all (nothing typed) hides the picker.
  if (error || (data && data.length === 0 && !text.trim())) return null;
  return (
    <div className="field collector-wide">
      <label className="field-label" htmlFor={id}>
        <T id="collector.suggestions.label" />
      </label>
      <SearchBox value={text} onChange={setText} label="collector.suggestions.search" className="collector-suggestion-search" />
      <select
        id={id}
        className="input"
        value=""
        disabled={!data}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const picked = data?.find((s) => s.id === event.target.value);
          if (picked) onPick(picked);
        }}
      >
        <option value="">{t(!data ? 'app.loading' : data.length === 0 ? 'collector.suggestions.none' : 'collector.suggestions.placeholder')}</option>
        {COLLECTOR_TYPES.map((type) => {
          const ofType = (data ?? []).filter((s) => s.type === type);
          return (
            ofType.length > 0 && (
              <optgroup key={type} label={t(`collector.suggestions.type.${type}`)}>
                {ofType.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.accessEmail ? t('collector.suggestions.option', { name: s.name, email: s.accessEmail }) : s.name}
                  </option>
                ))}
              </optgroup>
            )
          );
        })}
      </select>
      <p id={`${id}-hint`} className="field-hint">
        <T id="collector.suggestions.hint" />
      </p>
    </div>
  );
}

/** Create form (spec): source and access e-mail required, a comment; suggestions fill it; resets after a create. */
export function CollectorCreateForm({ onCreated }: { onCreated: (created: Collector) => void }) {
  const intl = useIntl();
  const [result, setResult] = useState<{ created?: string; error?: unknown } | null>(null);
  const submit = async (values: CollectorForm, helpers: FormikHelpers<CollectorForm>) => {
    setResult(null);
    try {
      const created = await mutateRoute(collectorsCreate, {
        body: { ...collectorFormSchema.cast(values), commentStatus: '', configStatus: 'No', collectStatus: 'No' },
      });
      helpers.resetForm();
      setResult({ created: created.source });
      onCreated(created);
    } catch (error) {
      // The form keeps what was typed; the server's field messages show under the fields.
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) helpers.setErrors(error.fieldErrors);
      setResult({ error });
    }
  };
  return (
    <Formik initialValues={EMPTY_COLLECTOR_FORM} validationSchema={collectorFormSchema} onSubmit={submit}>
      {({ values, isSubmitting, setValues }) => (
        <Form noValidate aria-labelledby="collector-create-title">
          <UnsavedFormGuard />
          <h2 id="collector-create-title" className="card-title">
            <T id="collector.createTitle" />
          </h2>
          <div className="collector-form-grid">
            <SuggestionPicker
              onPick={(suggestion) => {
                setResult(null);
                void setValues(fromSuggestion(suggestion, intl.locale), true);
              }}
            />
            <FormField name="source" label="collector.source" required maxLength={COLLECTOR_SOURCE_MAX_LENGTH} autoComplete="off" />
            <FormField name="accessEmail" label="collector.accessEmail" type="email" required autoComplete="off" hint={<T id="collector.accessEmailHint" />} />
            <CommentField label="collector.comment" />
          </div>
          {result?.created && (
            <Callout tone="success">
              <T id="collector.created" values={{ source: result.created }} />
            </Callout>
          )}
          {result?.error !== undefined && (
            <Callout tone="danger">
              <ErrorText error={result.error} />
            </Callout>
          )}
          <div className="collector-form-actions">
            {/* Spec: source and access e-mail are required. */}
            <Button type="submit" loading={isSubmitting} disabled={!values.source.trim() || !values.accessEmail.trim()}>
              <T id="collector.create" />
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
