import { Formik } from 'formik';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { MATCH_THRESHOLD_DEFAULT, VOLUME_DROP_DEFAULT, type Company, type StepType } from 'shared/domain/types';
import { companyEditPageSchema } from 'shared/schemas/companies';
import { companiesGet, companiesUpdate } from 'shared/routes';
import { T, type MessageId } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { errorMessageId } from '../../lib/api/error-message';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { showNotice } from '../../lib/notice';
import { LEAVING_SAVED } from '../../lib/use-unsaved-changes';
import { UnsavedFormGuard } from '../../ui/unsaved-form-guard';
import { stepNameId } from '../../lib/steps';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { PageHeading } from '../../ui/page-heading';
import { AuditSection } from './audit-history';
import { Spinner } from '../../ui/spinner';
import { SelectField } from './companies-fields';
import { CompanyUsersCard } from './companies-users-card';
import { StepsSetting } from './companies-steps';
import { changedFields } from './companies-table';
import './companies-admin.css';
import { ErrorText } from '../../ui/error-text';

/** /admin/companies/edit/{id}: the company's fields and steps; Save only with changes, then back to the list. */
export function CompanyEditPage() {
  const { id = '' } = useParams();
  // Its one company, not the list (a 404 is "not found").
  const { data: company, error } = useRoute(companiesGet, { id }, { revalidateOnFocus: false, shouldRetryOnError: false });
  const notFound = error?.status === 404;
  return (
    <div className="page co-grid">
      <PageHeading />
      {/* A failed re-read of a record already on screen keeps its form and what was typed in it: the save tells. */}
      {error && !notFound && !company ? (
        <Callout tone="danger" title={<T id="common.somethingWrong" />}>
          <ErrorText error={error} />
        </Callout>
      ) : !company && !notFound ? (
        <Spinner />
      ) : !company ? (
        <Callout tone="warning">
          <T id="companies.editPage.notFound" />
        </Callout>
      ) : (
        <>
          <EditForm key={`${company.id}-${company.version}`} company={company} />
          <CompanyUsersCard company={company} />
        </>
      )}
      {company ? <AuditSection of={{ company: company.id }} /> : null}
    </div>
  );
}

function EditForm({ company }: { company: Company }) {
  const navigate = useNavigate();
  const [steps, setSteps] = useState<StepType[]>(company.integrationSteps);
  const [failure, setFailure] = useState<MessageId | null>(null);
  const stepsChanged = [...steps].sort().join() !== [...company.integrationSteps].sort().join();
  const initial = {
    name: company.name,
    product: company.product,
    country: company.country,
    viewId: company.viewId ?? '',
    dimensionIndex: company.dimensionIndex ?? '',
    orderFeedUrl: company.orderFeedUrl ?? '',
  };
  const thresholds = { matchThreshold: company.matchThreshold ?? MATCH_THRESHOLD_DEFAULT, volumeDropThreshold: company.volumeDropThreshold ?? VOLUME_DROP_DEFAULT };
  // A number input answers '' while empty: the schema says so rather than saving nothing.
  const thresholdChanges = (values: Record<keyof typeof thresholds, number | string>) => {
    const changed = (Object.keys(thresholds) as (keyof typeof thresholds)[]).filter((name) => values[name] !== thresholds[name]);
    return changed.length ? Object.fromEntries(changed.map((name) => [name, values[name] as number])) : null;
  };
  return (
    <Card>
      <h2 className="co-title">
        <T id="companies.editPage.info" />
      </h2>
      <Formik
        initialValues={{ ...initial, matchThreshold: thresholds.matchThreshold as number | string, volumeDropThreshold: thresholds.volumeDropThreshold as number | string }}
        validationSchema={companyEditPageSchema}
        onSubmit={async (values, helpers) => {
          setFailure(null);
          const { matchThreshold, volumeDropThreshold, ...row } = values;
          const fields = changedFields(company, row);
          const body = {
            ...(fields ?? { version: company.version }),
            ...thresholdChanges({ matchThreshold, volumeDropThreshold }),
            ...(stepsChanged ? { integrationSteps: steps } : {}),
          };
          try {
            await mutateRoute(companiesUpdate, { params: { id: company.id }, body });
            showNotice('notice.companySaved', { name: values.name.trim() }, '/admin/companies');
            navigate('/admin/companies', { state: LEAVING_SAVED });
          } catch (error) {
            if (error instanceof ApiError && error.status === 409) setFailure(/already exists/.test(error.message) ? 'companies.warning.nameExists' : 'error.conflict');
            else if (error instanceof ApiError && Object.keys(error.fieldErrors).length) helpers.setErrors(error.fieldErrors);
            else setFailure(errorMessageId(error));
          }
        }}
      >
        {({ values, isSubmitting, handleSubmit }) => {
          const { matchThreshold, volumeDropThreshold, ...row } = values;
          const changed = changedFields(company, row) !== null || thresholdChanges({ matchThreshold, volumeDropThreshold }) !== null || stepsChanged;
          return (
            <form className="co-form" noValidate onSubmit={handleSubmit}>
              <UnsavedFormGuard dirty={changed} />
              <FormField name="name" label="companies.field.name" required maxLength={128} />
              <SelectField name="product" label="companies.field.product" kind="product" />
              <SelectField name="country" label="companies.field.country" kind="country" />
              <FormField name="viewId" label="companies.field.viewId" inputMode="numeric" />
              <FormField name="dimensionIndex" label="companies.field.dimensionIndex" inputMode="numeric" />
              <FormField name="orderFeedUrl" label="companies.field.orderFeedUrl" type="url" />
              <FormField
                name="matchThreshold"
                label="companies.field.matchThreshold"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                hint={<T id="companies.field.matchThresholdHint" />}
              />
              <FormField
                name="volumeDropThreshold"
                label="companies.field.volumeDropThreshold"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                hint={<T id="companies.field.volumeDropThresholdHint" />}
              />
              <div className="co-form-actions">
                <span className="muted small">
                  <T id="companies.editPage.steps" />{' '}
                  {steps.map((step, i) => (
                    <span key={step}>
                      {i > 0 && ', '}
                      <T id={stepNameId(step, values.product)} />
                    </span>
                  ))}
                </span>
              </div>
              <div className="co-form-actions">
                <StepsSetting value={steps} product={values.product} onChange={setSteps} />
                <Button type="submit" disabled={!changed || !values.name.trim() || isSubmitting} loading={isSubmitting}>
                  <T id="companies.save" />
                </Button>
                <Button variant="ghost" onClick={() => navigate('/admin/companies')}>
                  <T id="companies.editPage.back" />
                </Button>
              </div>
              {failure && (
                <div className="co-form-actions">
                  <Callout tone="danger">
                    <T id={failure} />
                  </Callout>
                </div>
              )}
            </form>
          );
        }}
      </Formik>
    </Card>
  );
}
