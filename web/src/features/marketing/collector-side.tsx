import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import type { Collector, CollectorsPage } from 'shared/domain/types';
import { collectorFormSchema, type CollectorForm } from 'shared/schemas/collectors';
import { collectorsCreate } from 'shared/routes';
import { T, useT } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { mutateRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { HELP_EMAIL } from '../../ui/step-cards';
import { StepCompletionCard } from '../../ui/step-completion';
import { CommentField, EMPTY_COLLECTOR_FORM } from './collector-form';
import { ErrorText } from '../../ui/error-text';

/**
 * The collector step's status (spec: completed by hand, it cannot be detected) through
 * POST /api/integration-status/update, like the instruction pages: loading, error, not part of
 * the company's steps, completed, or to be done with the complete button; the counts of the whole
 * list come with each page of GET /api/collectors.
 */
export function CollectorStatusCard({ counts }: { counts: CollectorsPage['counts'] | undefined }) {
  const text = (
    <>
      <p>
        <T id="collector.completeText" />
      </p>
      {counts && (
        <p className="muted">
          <T id="collector.status.counts" values={counts} />
        </p>
      )}
    </>
  );
  return (
    <StepCompletionCard
      step="collector"
      texts={{ unknown: 'collector.status.unknown', notPart: 'collector.status.notPart', notPartText: 'collector.status.notPartText', done: 'collector.status.done', doneText: 'collector.status.doneText' }}
      todo={{ label: 'collector.complete', text }}
    />
  );
}

/**
 * The help form (spec: name the source, the e-mail to give access to, a comment). It creates the
 * collector with a "help requested" note, so the request sits in the list both the customer and
 * the integration team follow (nothing is lost, its statuses tell where it stands), and offers
 * the same text as a ready e-mail to the team for a quick human answer. docs/product.md says why.
 */
export function CollectorHelpCard({ onCreated }: { onCreated: (created: Collector) => void }) {
  const t = useT();
  const [result, setResult] = useState<{ mailto?: string; source?: string; error?: unknown } | null>(null);
  const submit = async (values: CollectorForm, helpers: FormikHelpers<CollectorForm>) => {
    setResult(null);
    const request = collectorFormSchema.cast(values);
    try {
      const created = await mutateRoute(collectorsCreate, {
        body: { ...request, commentStatus: t('collector.help.requested'), configStatus: 'No', collectStatus: 'No' },
      });
      helpers.resetForm();
      const subject = t('collector.help.mailSubject', { source: created.source });
      const body = t('collector.help.mailBody', { source: created.source, email: created.accessEmail, comment: created.comment || '-' });
      setResult({ source: created.source, mailto: `mailto:${HELP_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}` });
      onCreated(created);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) helpers.setErrors(error.fieldErrors);
      setResult({ error });
    }
  };
  return (
    <Card className="step-card-help">
      <p className="eyebrow">
        <T id="stepCard.help.title" />
      </p>
      <p className="step-card-text">
        <T id="collector.help.text" />
      </p>
      <Formik initialValues={EMPTY_COLLECTOR_FORM} validationSchema={collectorFormSchema} onSubmit={submit}>
        {({ values, isSubmitting }) => (
          <Form noValidate aria-label={t('collector.help.formLabel')} className="collector-help-form">
            <FormField name="source" label="collector.help.source" required maxLength={120} autoComplete="off" />
            <FormField name="accessEmail" label="collector.help.accessEmail" type="email" required autoComplete="off" />
            <CommentField label="collector.help.comment" />
            {result?.source && (
              <Callout tone="success">
                <T id="collector.help.sent" values={{ source: result.source }} />{' '}
                <a href={result.mailto}>
                  <T id="collector.help.mailLink" />
                </a>
              </Callout>
            )}
            {result?.error !== undefined && (
              <Callout tone="danger">
                <ErrorText error={result.error} />
              </Callout>
            )}
            <Button type="submit" variant="secondary" loading={isSubmitting} disabled={!values.source.trim() || !values.accessEmail.trim()}>
              <T id="collector.help.submit" />
            </Button>
          </Form>
        )}
      </Formik>
      <p className="muted collector-help-contact">
        <T id="collector.help.contact" /> <a href={`mailto:${HELP_EMAIL}`}>{HELP_EMAIL}</a>
      </p>
    </Card>
  );
}
