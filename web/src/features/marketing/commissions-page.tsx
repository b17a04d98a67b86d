import { Field, Form, Formik, type FormikHelpers } from 'formik';
import { useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { clashingCommissionType } from 'shared/domain/commissions';
import type { AffiliateCommission } from 'shared/domain/types';
import { COMMISSION_SORTS, type CommissionSort } from 'shared/schemas/lists';
import { COMMISSION_TYPES, MIN_COMMISSION, commissionCreateSchema, type CommissionType } from 'shared/schemas/commissions';
import { affiliateCommissionsCreate, affiliateCommissionsDelete, affiliateCommissionsList, sourcesCpo } from 'shared/routes';
import { T, useT } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { fieldMessageId } from '../../lib/api/error-message';
import { mutateRoute, pageRows, useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { EditTable, type ActionLabels, type Column } from '../../ui/edit-table';
import { ListState } from '../../ui/list-state';
import { PageHeading } from '../../ui/page-heading';
import { Pager, SearchBox, useListUrl } from '../../ui/table-tools';
import { useRowEdit } from '../../ui/use-row-edit';
import { HelpCard } from '../../ui/step-cards';
import { StepCompletionStatus } from './sources-step-status';
import './sources-page.css';
import { UnsavedFormGuard } from '../../ui/unsaved-form-guard';
import { ErrorText } from '../../ui/error-text';
import { useSourceChoices } from './source-choices';

/** The form's values: the commission as typed (a number input gives '' while empty). */
interface CommissionForm {
  sourceName: string;
  type: CommissionType;
  commission: number | '';
}
const EMPTY: CommissionForm = { sourceName: '', type: 'percent', commission: '' };

const LABELS: ActionLabels = {
  delete: ['sources.delete', 'commissions.deleteLabel'],
  actions: 'sources.actions',
  deleteConfirm: 'commissions.deleteConfirm',
  deleteDescription: 'commissions.deleteDescription',
};
/** /marketing/commissions: commissions on the company's CPO sources (spec "Affiliate commission"), a page at a time from the server. */
export function CommissionsPage() {
  const intl = useIntl();
  const list = useListUrl<CommissionSort>({ key: 'sourceName', dir: 'asc' }, COMMISSION_SORTS);
  const query = { q: list.search, sort: list.sort.key, dir: list.sort.dir, cursor: list.cursor ?? undefined };
  const { data, error, mutate } = useRoute(affiliateCommissionsList, undefined, { query, keepPreviousData: true, revalidateOnFocus: false });
  const edit = useRowEdit<AffiliateCommission, object>({
    data: data?.commissions,
    mutate: pageRows(mutate, 'commissions'),
    remove: (row) => mutateRoute(affiliateCommissionsDelete, { params: { id: row.id }, body: { version: row.version } }),
    name: (row) => row.sourceName,
    notices: { failed: 'commissions.actionFailed', deleted: 'commissions.deleted' },
  });
  const columns = useMemo<ReadonlyArray<Column<AffiliateCommission, object, CommissionSort>>>(
    () => [
      { key: 'source', label: 'commissions.source', sort: 'sourceName', rowHeader: true, cell: (row) => row.sourceName },
      { key: 'type', label: 'commissions.type', sort: 'type', cell: (row) => <T id={`commissions.type.${row.type}`} /> },
      {
        key: 'commission',
        label: 'commissions.commission',
        sort: 'commission',
        className: 'commissions-amount',
        // Percent: 15 reads "15 %" in French, "15%" in English; fixed: an amount in the language's digits.
        cell: (row) =>
          row.type === 'percent' ? intl.formatNumber(row.commission / 100, { style: 'percent', maximumFractionDigits: 2 }) : intl.formatNumber(row.commission, { maximumFractionDigits: 2 }),
      },
    ],
    [intl],
  );

  return (
    <div className="page commissions-page">
      <PageHeading />
      <div className="sources-layout">
        <div className="sources-main">
          <Card>
            {/* A created commission is on whichever page its order puts it: the create's `stale` reads the page again. */}
            <CommissionCreateForm />
          </Card>
          <Card>
            <h2 className="card-title">
              <T id="commissions.tableTitle" />
            </h2>
            <div className="list-toolbar">
              <SearchBox value={list.text} onChange={list.setText} label="commissions.search" />
            </div>
            {/* Spec: the commission list shows the error text. */}
            <ListState data={data} error={error}>
              {(page) => (
                <>
              <EditTable
                rows={page.commissions}
                columns={columns}
                edit={edit}
                editable
                name={(row) => row.sourceName}
                preview={(row) => row}
                labels={LABELS}
                caption="commissions.tableTitle"
                hiddenCaption
                sort={list.sort}
                onSort={list.toggleSort}
                testId="commission-row"
                empty={<T id={list.search ? 'commissions.noMatch' : 'commissions.empty'} />}
              />
              <Pager list={list} next={page.next} shown={page.commissions.length} label="commissions.pager" />
                </>
              )}
            </ListState>
          </Card>
        </div>
        <aside className="sources-side">
          <StepCompletionStatus step="commission_rules" blocked={null} todoText="commissions.status.todo" buttonLabel="commissions.complete" />
          <HelpCard text="commissions.help" />
        </aside>
      </div>
    </div>
  );
}

/**
 * Create form (spec): a CPO source (typed, the server's matches offered as one types), fixed or
 * percent, a numeric commission; disabled without CPO sources. A source whose commissions are of
 * the other type is said as soon as both are chosen (its commissions asked of the server).
 */
function CommissionCreateForm() {
  const t = useT();
  const intl = useIntl();
  const listId = useId();
  // Whether the company has a CPO source at all.
  const { data: any, error } = useRoute(sourcesCpo, undefined, { query: { limit: '1' } });
  const [result, setResult] = useState<{ created?: string; error?: unknown } | null>(null);
  const noSources = !!any && any.sources.length === 0;
  const submit = async (values: CommissionForm, helpers: FormikHelpers<CommissionForm>) => {
    setResult(null);
    try {
      const created = await mutateRoute(affiliateCommissionsCreate, { body: { sourceName: values.sourceName, type: values.type, commission: Number(values.commission) } });
      helpers.resetForm();
      setResult({ created: created.sourceName });
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fieldErrors).length) helpers.setErrors(failure.fieldErrors as never);
      setResult({ error: failure });
    }
  };
  const fieldError = (message: string | undefined) => message && <p className="field-error" role="alert">{t(fieldMessageId(message, intl.messages))}</p>;
  return (
    <Formik initialValues={EMPTY} validationSchema={commissionCreateSchema} onSubmit={submit}>
      {({ values, errors, touched, isSubmitting }) => (
        <CommissionFields values={values} errors={errors} touched={touched} isSubmitting={isSubmitting} listId={listId} noSources={noSources} ready={!!any} error={error} result={result} fieldError={fieldError} />
      )}
    </Formik>
  );
}

/** The form's fields: the source's choices and its commissions are the server's answers to what is typed. */
function CommissionFields({
  values,
  errors,
  touched,
  isSubmitting,
  listId,
  noSources,
  ready,
  error,
  result,
  fieldError,
}: {
  values: CommissionForm;
  errors: Partial<Record<keyof CommissionForm, string>>;
  touched: Partial<Record<keyof CommissionForm, boolean>>;
  isSubmitting: boolean;
  listId: string;
  noSources: boolean;
  ready: boolean;
  error: ApiError | undefined;
  result: { created?: string; error?: unknown } | null;
  fieldError: (message: string | undefined) => React.ReactNode;
}) {
  const t = useT();
  const { sources } = useSourceChoices(values.sourceName, true);
  const sourceId = sources?.find((source) => source.name === values.sourceName)?.id;
  // The chosen source's commissions (a search by its name finds them): the other type is said before sending.
  const ofSource = useRoute(sourceId ? affiliateCommissionsList : null, undefined, { query: { q: values.sourceName, limit: '50' }, revalidateOnFocus: false }).data?.commissions;
  const clash = !!sourceId && !!clashingCommissionType(ofSource ?? [], sourceId, values.type);
  return (
        <Form noValidate aria-labelledby="commissions-create-title">
          <UnsavedFormGuard />
          <h2 id="commissions-create-title" className="card-title">
            <T id="commissions.createTitle" />
          </h2>
          {error && (
            <Callout tone="danger" title={<T id="common.somethingWrong" />}>
              {error.message}
            </Callout>
          )}
          {noSources && (
            <Callout tone="info">
              <T id="commissions.noCpoSources" /> <Link to="/marketing/sources">{t('commissions.toSources')}</Link>
            </Callout>
          )}
          <div className="sources-form-grid">
            <div className="field">
              <label className="field-label" htmlFor="commission-source">
                <T id="commissions.source" />
              </label>
              <Field id="commission-source" name="sourceName" className="input" required disabled={!ready || noSources} list={listId} autoComplete="off" placeholder={t('commissions.chooseSource')} />
              <datalist id={listId}>
                {(sources ?? []).map((source) => (
                  <option key={source.id} value={source.name} />
                ))}
              </datalist>
              {touched.sourceName && fieldError(errors.sourceName)}
            </div>
            <div className="field">
              <label className="field-label" htmlFor="commission-type">
                <T id="commissions.type" />
              </label>
              <Field
                as="select"
                id="commission-type"
                name="type"
                className="input"
                required
                aria-invalid={clash ? true : undefined}
                aria-describedby={clash ? 'commission-type-error' : undefined}
              >
                {COMMISSION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`commissions.type.${type}`)}
                  </option>
                ))}
              </Field>
              {clash ? (
                <p className="field-error" id="commission-type-error" role="alert">
                  <T id="validation.commission.otherType" />
                </p>
              ) : (
                fieldError(errors.type)
              )}
            </div>
            <div className="field">
              <label className="field-label" htmlFor="commission-value">
                <T id={values.type === 'percent' ? 'commissions.commissionPercent' : 'commissions.commissionFixed'} />
              </label>
              <Field id="commission-value" name="commission" type="number" inputMode="decimal" step="any" min={MIN_COMMISSION} max={values.type === 'percent' ? 100 : undefined} className="input" required />
              {touched.commission && fieldError(errors.commission)}
            </div>
          </div>
          {result?.created && (
            <Callout tone="success">
              <T id="commissions.created" values={{ name: result.created }} />
            </Callout>
          )}
          {result?.error !== undefined && !(result.error instanceof ApiError && result.error.fieldErrors.type) && (
            <Callout tone="danger">
              <ErrorText error={result.error} />
            </Callout>
          )}
          <div className="sources-form-actions">
            <Button type="submit" loading={isSubmitting} disabled={!ready || noSources || !values.sourceName || values.commission === '' || clash}>
              <T id="commissions.create" />
            </Button>
          </div>
        </Form>
  );
}
