import { Field, Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { clashingCommissionType } from 'shared/domain/commissions';
import type { AffiliateCommission } from 'shared/domain/types';
import { COMMISSION_TYPES, MIN_COMMISSION, commissionCreateSchema, type CommissionType } from 'shared/schemas/commissions';
import { affiliateCommissionsCreate, affiliateCommissionsDelete, affiliateCommissionsList, sourcesCpo } from 'shared/routes';
import { T, useT, type MessageId } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { errorMessageId, fieldMessageId } from '../../lib/api/error-message';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';
import { HelpCard } from '../../ui/step-cards';
import { StepCompletionCard } from './sources-step-status';
import './sources-page.css';
import { UnsavedFormGuard } from '../../ui/unsaved-form-guard';
import { ErrorText } from '../../ui/error-text';

/** The form's values: the commission as typed (a number input gives '' while empty). */
interface CommissionForm {
  sourceName: string;
  type: CommissionType;
  commission: number | '';
}
const EMPTY: CommissionForm = { sourceName: '', type: 'percent', commission: '' };

/** /marketing/commissions: commissions on the company's CPO sources (spec "Affiliate commission"). */
export function CommissionsPage() {
  const { data, error, mutate } = useRoute(affiliateCommissionsList);
  const [deleting, setDeleting] = useState<AffiliateCommission | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; id: MessageId; values: Record<string, string> } | null>(null);
  const t = useT();

  const remove = async (row: AffiliateCommission) => {
    setBusy(true);
    setNotice(null);
    try {
      await mutateRoute(affiliateCommissionsDelete, { params: { id: row.id }, body: { version: row.version } });
      await mutate((list) => (list ?? []).filter((r) => r.id !== row.id), { revalidate: false });
      setNotice({ tone: 'success', id: 'commissions.deleted', values: { name: row.sourceName } });
    } catch (failure) {
      setNotice({ tone: 'danger', id: 'commissions.actionFailed', values: { name: row.sourceName, reason: t(errorMessageId(failure)) } });
      void mutate();
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <div className="page commissions-page">
      <PageHeading />
      <div className="sources-layout">
        <div className="sources-main">
          <Card>
            <CommissionCreateForm commissions={data} onCreated={(created) => void mutate((list) => [...(list ?? []), created], { revalidate: false })} />
          </Card>
          <Card>
            <h2 className="card-title">
              <T id="commissions.tableTitle" />
            </h2>
            {notice && (
              <Callout tone={notice.tone}>
                <T id={notice.id} values={notice.values} />
              </Callout>
            )}
            {error ? (
              // Spec: the commission list shows the error text.
              <Callout tone="danger" title={<T id="common.somethingWrong" />}>
                {error.message}
              </Callout>
            ) : !data ? (
              <Spinner />
            ) : data.length === 0 ? (
              <p className="muted">
                <T id="commissions.empty" />
              </p>
            ) : (
              <CommissionsTable rows={data} busy={busy} onDelete={setDeleting} />
            )}
          </Card>
        </div>
        <aside className="sources-side">
          <StepCompletionCard step="commission_rules" blocked={null} todoText="commissions.status.todo" buttonLabel="commissions.complete" />
          <HelpCard text="commissions.help" />
        </aside>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        message={<T id="commissions.deleteConfirm" values={{ name: deleting?.sourceName ?? '' }} />}
        description={<T id="commissions.deleteDescription" />}
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function CommissionsTable({ rows, busy, onDelete }: { rows: AffiliateCommission[]; busy: boolean; onDelete: (row: AffiliateCommission) => void }) {
  const intl = useIntl();
  const t = useT();
  // Percent: 15 reads "15 %" in French, "15%" in English; fixed: an amount in the language's digits.
  const amount = (row: AffiliateCommission) =>
    row.type === 'percent' ? intl.formatNumber(row.commission / 100, { style: 'percent', maximumFractionDigits: 2 }) : intl.formatNumber(row.commission, { maximumFractionDigits: 2 });
  return (
    <div className="sources-table-wrap">
      <table className="sources-table commissions-table">
        <caption className="visually-hidden">
          <T id="commissions.tableTitle" />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <T id="commissions.source" />
            </th>
            <th scope="col">
              <T id="commissions.type" />
            </th>
            <th scope="col">
              <T id="commissions.commission" />
            </th>
            <th scope="col">
              <T id="sources.actions" />
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={`commission-row-${row.id}`}>
              <th scope="row">{row.sourceName}</th>
              <td>
                <T id={`commissions.type.${row.type}`} />
              </td>
              <td>{amount(row)}</td>
              <td>
                <Button variant="danger" onClick={() => onDelete(row)} disabled={busy} aria-label={t('commissions.deleteLabel', { name: row.sourceName })}>
                  <T id="sources.delete" />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Create form (spec): a CPO source, fixed or percent, a numeric commission; disabled without CPO
 * sources. A source whose commissions are of the other type is said as soon as both are chosen.
 */
function CommissionCreateForm({ commissions, onCreated }: { commissions: AffiliateCommission[] | undefined; onCreated: (created: AffiliateCommission) => void }) {
  const t = useT();
  const intl = useIntl();
  const { data: sources, error } = useRoute(sourcesCpo);
  const [result, setResult] = useState<{ created?: string; error?: unknown } | null>(null);
  const noSources = !!sources && sources.length === 0;
  const submit = async (values: CommissionForm, helpers: FormikHelpers<CommissionForm>) => {
    setResult(null);
    try {
      const created = await mutateRoute(affiliateCommissionsCreate, { body: { sourceName: values.sourceName, type: values.type, commission: Number(values.commission) } });
      helpers.resetForm();
      setResult({ created: created.sourceName });
      onCreated(created);
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fieldErrors).length) helpers.setErrors(failure.fieldErrors as never);
      setResult({ error: failure });
    }
  };
  const fieldError = (message: string | undefined) => message && <p className="field-error" role="alert">{t(fieldMessageId(message, intl.messages))}</p>;
  return (
    <Formik initialValues={EMPTY} validationSchema={commissionCreateSchema} onSubmit={submit}>
      {({ values, errors, touched, isSubmitting }) => {
        const sourceId = sources?.find((source) => source.name === values.sourceName)?.id;
        const clash = !!sourceId && !!clashingCommissionType(commissions ?? [], sourceId, values.type);
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
              <Field as="select" id="commission-source" name="sourceName" className="input" required disabled={!sources || noSources}>
                <option value="">{t('commissions.chooseSource')}</option>
                {(sources ?? []).map((source) => (
                  <option key={source.id} value={source.name}>
                    {source.name}
                  </option>
                ))}
              </Field>
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
            <Button type="submit" loading={isSubmitting} disabled={!sources || noSources || !values.sourceName || values.commission === '' || clash}>
              <T id="commissions.create" />
            </Button>
          </div>
        </Form>
        );
      }}
    </Formik>
  );
}
