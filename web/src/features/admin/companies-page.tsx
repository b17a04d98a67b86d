import { Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { DEFAULT_STEPS } from 'shared/domain/steps';
import type { Country, Product, StepType } from 'shared/domain/types';
import { companyCreateSchema } from 'shared/schemas/companies';
import { companiesCreate, companiesList } from 'shared/routes';
import { COMPANY_SORTS, type CompanySort } from 'shared/schemas/lists';
import { T, type MessageId } from '../../i18n/t';
import { ApiError, callRoute } from '../../lib/api/client';
import { errorMessageId } from '../../lib/api/error-message';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { focusOnMount, ListState } from '../../ui/list-state';
import { Pager, useListUrl } from '../../ui/table-tools';
import { Card } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { PageHeading } from '../../ui/page-heading';
import { ExportCsvButton } from './admin-csv';
import { everyPage } from '../../lib/api/every-page';
import { CompaniesTable } from './companies-table';
import { SelectField, useTakenByOthers, ViewIdTaken } from './companies-fields';
import { StepsSetting } from './companies-steps';
import './companies-admin.css';
import { UnsavedFormGuard } from '../../ui/unsaved-form-guard';

interface CreateValues {
  name: string;
  product: Product;
  country: Country;
  viewId: string;
  dimensionIndex: string;
  orderFeedUrl: string;
  integrationSteps: StepType[];
}

const INITIAL: CreateValues = {
  name: '',
  product: '360',
  country: 'RU',
  viewId: '',
  dimensionIndex: '',
  orderFeedUrl: '',
  integrationSteps: [...DEFAULT_STEPS],
};


/** /admin/companies: the create form and the companies table, a page at a time from the server. */
export function CompaniesPage() {
  const list = useListUrl<CompanySort>({ key: 'name', dir: 'asc' }, COMPANY_SORTS);
  const query = { q: list.search, sort: list.sort.key, dir: list.sort.dir, cursor: list.cursor ?? undefined };
  const { data, error, mutate } = useRoute(companiesList, undefined, { query, keepPreviousData: true, revalidateOnFocus: false });
  // The export holds every company of the search, page after page, not the page shown.
  const exportAll = () => everyPage((cursor) => callRoute(companiesList, { query: { ...query, cursor } }).then((page) => ({ rows: page.companies, next: page.next })));
  return (
    <div className="page co-grid">
      <PageHeading />
      <CreateCompany />
      <Card>
        <div className="co-actions-end">
          <ExportCsvButton sheet="companies" load={exportAll} title="route.adminCompanies" />
        </div>
        <ListState data={data} error={error}>
          {(page) => (
            <>
              <CompaniesTable companies={page.companies} mutate={mutate} list={list} />
              <Pager list={list} next={page.next} shown={page.companies.length} label="companies.pager" />
            </>
          )}
        </ListState>
      </Card>
    </div>
  );
}

function CreateCompany() {
  const [created, setCreated] = useState<string | null>(null);
  const [failure, setFailure] = useState<MessageId | null>(null);

  const [typed, setTyped] = useState<{ name: string; viewId: string } | null>(null);
  const found = useTakenByOthers(typed);
  // The values checked are the ones typed last (the form reports them as it renders).
  const taken = (values: CreateValues) => {
    if (typed?.name !== values.name || typed.viewId !== values.viewId) queueMicrotask(() => setTyped({ name: values.name, viewId: values.viewId }));
    return found;
  };

  const submit = async (values: CreateValues, helpers: FormikHelpers<CreateValues>) => {
    setCreated(null);
    setFailure(null);
    try {
      const company = await mutateRoute(companiesCreate, {
        body: {
          name: values.name.trim(),
          product: values.product,
          country: values.country,
          viewId: values.viewId.trim() || null,
          dimensionIndex: values.dimensionIndex.trim() || null,
          orderFeedUrl: values.orderFeedUrl.trim() || null,
          integrationSteps: values.integrationSteps,
        },
      });
      helpers.resetForm();
      setCreated(company.name);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setFailure('companies.warning.nameExists');
      else if (error instanceof ApiError && Object.keys(error.fieldErrors).length) helpers.setErrors(error.fieldErrors);
      else setFailure(errorMessageId(error));
    }
  };

  return (
    <Card>
      <h2 className="co-title">
        <T id="companies.create.title" />
      </h2>
      <Formik initialValues={INITIAL} validationSchema={companyCreateSchema} onSubmit={submit}>
        {({ values, isSubmitting, handleSubmit, setFieldValue }) => {
          const { nameTaken, viewIdTaken } = taken(values);
          // A View ID another company holds is refused by the server (docs/analytics.md, "Whose View ID"): it blocks here too.
          const disabled = !values.name.trim() || isSubmitting || nameTaken || viewIdTaken;
          return (
            <form className="co-form" noValidate onSubmit={handleSubmit}>
              <UnsavedFormGuard />
              <div>
                <FormField name="name" label="companies.field.name" required maxLength={128} autoComplete="off" />
                {nameTaken && (
                  <p className="co-blocking" role="alert">
                    <T id="companies.warning.nameExists" />
                  </p>
                )}
              </div>
              <SelectField name="product" label="companies.field.product" kind="product" />
              <SelectField name="country" label="companies.field.country" kind="country" />
              <div>
                <FormField name="viewId" label="companies.field.viewId" inputMode="numeric" pattern="[0-9]*" />
                {viewIdTaken && (
                  <ViewIdTaken />
                )}
              </div>
              <FormField name="dimensionIndex" label="companies.field.dimensionIndex" inputMode="numeric" pattern="[0-9]*" />
              <FormField name="orderFeedUrl" label="companies.field.orderFeedUrl" type="url" placeholder="https://" />
              <div className="co-form-actions">
                <StepsSetting value={values.integrationSteps} product={values.product} onChange={(steps) => void setFieldValue('integrationSteps', steps)} />
                <Button type="submit" disabled={disabled} loading={isSubmitting}>
                  <T id="companies.create.submit" />
                </Button>
              </div>
              {failure && (
                <div className="co-form-actions">
                  <Callout tone="danger">
                    <T id={failure} />
                  </Callout>
                </div>
              )}
              {created && (
                <div className="co-form-actions" tabIndex={-1} ref={focusOnMount}>
                  <Callout tone="success">
                    <T id="companies.created" values={{ name: created }} />
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
