import { Field, Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { COLLECTOR_TYPES, type DefaultCollector } from 'shared/domain/types';
import { defaultCollectorFormSchema, type DefaultCollectorForm } from 'shared/schemas/default-collectors';
import { defaultCollectorsCreate } from 'shared/routes';
import { T, useT } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { mutateRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { FormField } from '../../ui/form-field';
import { EMPTY_FORM, fromForm, newId } from './default-collectors-model';
import { UnsavedFormGuard } from '../../ui/unsaved-form-guard';
import { ErrorText } from '../../ui/error-text';

const COMMENTS = [
  ['commentEn', 'defaultCollectors.commentEn'],
  ['commentRu', 'defaultCollectors.commentRu'],
  ['commentFr', 'defaultCollectors.commentFr'],
] as const;

/** Creation form (spec): Source Name, Access Email, Source Type (default Other), three comments; resets after a create. */
export function DefaultCollectorCreateForm({ onCreated }: { onCreated: (created: DefaultCollector) => void }) {
  const t = useT();
  const [result, setResult] = useState<{ created?: string; error?: unknown } | null>(null);
  const submit = async (values: DefaultCollectorForm, helpers: FormikHelpers<DefaultCollectorForm>) => {
    setResult(null);
    try {
      const created = await mutateRoute(defaultCollectorsCreate, { body: { id: newId(), ...fromForm(values) } });
      helpers.resetForm();
      setResult({ created: created.name });
      onCreated(created);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) helpers.setErrors(error.fieldErrors);
      setResult({ error });
    }
  };
  return (
    <Formik initialValues={EMPTY_FORM} validationSchema={defaultCollectorFormSchema} onSubmit={submit}>
      {({ values, isSubmitting }) => (
        <Form noValidate aria-labelledby="dc-create-title">
          <UnsavedFormGuard />
          <h2 id="dc-create-title" className="list-title">
            <T id="defaultCollectors.createTitle" />
          </h2>
          <div className="dc-form-grid">
            <FormField name="name" label="defaultCollectors.name" required maxLength={120} />
            <FormField name="accessEmail" label="defaultCollectors.accessEmail" type="email" autoComplete="off" />
            <div className="field">
              <label className="field-label" htmlFor="dc-create-type">
                <T id="defaultCollectors.type" />
              </label>
              <Field as="select" id="dc-create-type" name="type" className="select" required>
                {COLLECTOR_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`defaultCollectors.type.${type}`)}
                  </option>
                ))}
              </Field>
            </div>
          </div>
          <div className="dc-form-grid dc-section">
            {COMMENTS.map(([name, label]) => (
              <div className="field" key={name}>
                <label className="field-label" htmlFor={`dc-create-${name}`}>
                  <T id={label} />
                </label>
                <Field as="textarea" id={`dc-create-${name}`} name={name} className="input" rows={3} maxLength={2000} />
              </div>
            ))}
          </div>
          {result?.created && (
            <Callout tone="success">
              <T id="defaultCollectors.created" values={{ name: result.created }} />
            </Callout>
          )}
          {result?.error !== undefined && (
            <Callout tone="danger">
              <ErrorText error={result.error} />
            </Callout>
          )}
          <div className="dc-form-actions">
            {/* Spec: Create is disabled while name or type is empty. */}
            <Button type="submit" loading={isSubmitting} disabled={!values.name.trim() || !values.type}>
              <T id="defaultCollectors.create" />
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
