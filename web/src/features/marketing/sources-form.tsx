import { Field, Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { businessModelsFor, CHANNEL_SUGGESTIONS, DEDUPLICATIONS, sourceNamed } from 'shared/domain/sources';
import type { Product } from 'shared/domain/types';
import { sourceFieldsSchema, SOURCE_NAME_MAX_LENGTH, SOURCE_TEXT_MAX_LENGTH, type SourceForm } from 'shared/schemas/sources';
import { sourcesCreate } from 'shared/routes';
import { T, useT } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { mutateRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { FormField } from '../../ui/form-field';
import { useSourceChoices } from './source-choices';
import { businessModelLabel, canCreate, DEDUPLICATION_LABELS, emptyForm, failureMessageId, fromForm, newId } from './sources-model';
import { UnsavedFormGuard } from '../../ui/unsaved-form-guard';

/**
 * The create form (spec): name, channel, business model, deduplication, the three UTM values and
 * the agency. Create stays disabled until the four required fields are set; a created source
 * resets the form to its defaults, a failure keeps what was typed. A name the company has already
 * (any case) is said while typing and keeps Create disabled (the server refuses it too).
 */
export function SourceCreateForm({ product }: { product: Product }) {
  const t = useT();
  const intl = useIntl();
  // The name typed last, asked of the server (its sources whose texts hold it) when typing pauses.
  const [typed, setTyped] = useState('');
  const { sources } = useSourceChoices(typed);
  const [result, setResult] = useState<{ created?: string; error?: unknown } | null>(null);
  const submit = async (values: SourceForm, helpers: FormikHelpers<SourceForm>) => {
    setResult(null);
    try {
      const created = await mutateRoute(sourcesCreate, { body: { id: newId(), ...fromForm(values) } });
      helpers.resetForm({ values: emptyForm(product) });
      setResult({ created: created.name });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) helpers.setErrors(error.fieldErrors);
      setResult({ error });
    }
  };
  return (
    <Formik initialValues={emptyForm(product)} validationSchema={sourceFieldsSchema} onSubmit={submit} enableReinitialize>
      {({ values, isSubmitting }) => {
        if (values.name !== typed) queueMicrotask(() => setTyped(values.name));
        const nameTaken = !!values.name.trim() && !!sourceNamed(sources ?? [], values.name);
        return (
        <Form noValidate aria-labelledby="sources-create-title">
          <UnsavedFormGuard />
          <h2 id="sources-create-title" className="card-title">
            <T id="sources.createTitle" />
          </h2>
          <div className="sources-form-grid">
            <FormField
              name="name"
              label="sources.name"
              required
              maxLength={SOURCE_NAME_MAX_LENGTH}
              autoComplete="off"
              showError={(meta) => nameTaken || (!!meta.touched && !!meta.error)}
              message={nameTaken ? 'validation.source.nameTaken' : undefined}
            />
            <FormField name="channel" label="sources.channel" required maxLength={SOURCE_NAME_MAX_LENGTH} list="sources-channels" autoComplete="off" />
            <datalist id="sources-channels">
              {CHANNEL_SUGGESTIONS.map((channel) => (
                <option key={channel} value={channel} />
              ))}
            </datalist>
            <div className="field">
              <label className="field-label" htmlFor="sources-create-model">
                <T id="sources.businessModel" />
              </label>
              <Field as="select" id="sources-create-model" name="businessModel" className="input" required>
                {businessModelsFor(product).map((model) => (
                  <option key={model} value={model}>
                    {t(businessModelLabel(model))}
                  </option>
                ))}
              </Field>
            </div>
            <div className="field">
              <label className="field-label" htmlFor="sources-create-dedup">
                <T id="sources.deduplication" />
              </label>
              <Field as="select" id="sources-create-dedup" name="deduplication" className="input" required>
                {DEDUPLICATIONS.map((dedup) => (
                  <option key={dedup} value={dedup}>
                    {t(DEDUPLICATION_LABELS[dedup])}
                  </option>
                ))}
              </Field>
            </div>
            <FormField name="utmSource" label="sources.utmSource" maxLength={SOURCE_TEXT_MAX_LENGTH} placeholder="google" autoComplete="off" />
            <FormField name="utmMedium" label="sources.utmMedium" maxLength={SOURCE_TEXT_MAX_LENGTH} placeholder="cpc" autoComplete="off" />
            <FormField name="utmCampaign" label="sources.utmCampaign" maxLength={SOURCE_TEXT_MAX_LENGTH} placeholder="brand" autoComplete="off" />
            <FormField name="agency" label="sources.agency" maxLength={SOURCE_TEXT_MAX_LENGTH} autoComplete="off" />
          </div>
          {result?.created && (
            <Callout tone="success">
              <T id="sources.created" values={{ name: result.created }} />
            </Callout>
          )}
          {result?.error !== undefined && (
            <Callout tone="danger">
              <T id={failureMessageId(result.error, intl.messages)} />
            </Callout>
          )}
          <div className="sources-form-actions">
            <Button type="submit" loading={isSubmitting} disabled={!canCreate(values) || nameTaken}>
              <T id="sources.create" />
            </Button>
            {product === 'affiliate' && (
              <span className="muted">
                <T id="sources.affiliateModels" />
              </span>
            )}
          </div>
        </Form>
        );
      }}
    </Formik>
  );
}
