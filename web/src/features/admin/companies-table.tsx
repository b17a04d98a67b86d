import { Formik } from 'formik';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { Company, Product } from 'shared/domain/types';
import { companyEditFormSchema, type CompanyUpdateRequest } from 'shared/schemas/companies';
import { companiesDelete, companiesList, companiesUpdate } from 'shared/routes';
import { T, useT, type MessageId } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { errorMessageId } from '../../lib/api/error-message';
import { CURRENT_USER_KEY } from '../../lib/api/session';
import { mutateRoute, routeKey } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { ConfirmDialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { SelectField, takenByOthers, ViewIdTaken, useCountryName } from './companies-fields';
import { EmptyRow, SearchBox, SortHeader, compareValues, includesText, useSort } from '../../ui/table-tools';

type Column = 'name' | 'product' | 'country' | 'viewId' | 'dimensionIndex' | 'orderFeedUrl';
const COLUMNS: Array<[Column, MessageId]> = [
  ['name', 'companies.col.name'],
  ['product', 'companies.col.product'],
  ['country', 'companies.col.country'],
  ['viewId', 'companies.col.viewId'],
  ['dimensionIndex', 'companies.col.dimensionIndex'],
  ['orderFeedUrl', 'companies.col.orderFeedUrl'],
];

/** Only http(s) addresses become links (spec); anything else is shown as text. */
const isWebUrl = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

interface RowValues {
  name: string;
  product: Product;
  country: string;
  viewId: string;
  dimensionIndex: string;
  orderFeedUrl: string;
}

const toValues = (c: Company): RowValues => ({
  name: c.name,
  product: c.product,
  country: c.country,
  viewId: c.viewId ?? '',
  dimensionIndex: c.dimensionIndex ?? '',
  orderFeedUrl: c.orderFeedUrl ?? '',
});

/** The fields that changed, as PUT sends them (empty text: none), plus the version read. */
export function changedFields(company: Company, values: RowValues): CompanyUpdateRequest | null {
  const before = toValues(company);
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(before) as Array<keyof RowValues>) {
    const value = values[key].trim();
    if (value === before[key].trim()) continue;
    body[key] = (key === 'viewId' || key === 'dimensionIndex' || key === 'orderFeedUrl') && !value ? null : value;
  }
  if (!Object.keys(body).length) return null;
  return { ...body, version: company.version } as CompanyUpdateRequest;
}

/** The count in the server's "N users still have this company as main company" refusal. */
const usersLeft = (error: ApiError): number | null => {
  const match = /^(\d+) users? still/.exec(error.message);
  return match ? Number(match[1]) : null;
};

export function CompaniesTable({ companies }: { companies: Company[] }) {
  const t = useT();
  const intl = useIntl();
  const { mutate } = useSWRConfig();
  const countryName = useCountryName();
  const [query, setQuery] = useState('');
  const { sort, toggle } = useSort<Column>({ key: 'name', dir: 'asc' });
  const [editing, setEditing] = useState<string | null>(null);
  const [doomed, setDoomed] = useState<Company | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; id: MessageId; values?: Record<string, string | number> } | null>(null);

  const productLabel = (product: string) => t(`product.${product}` as MessageId);
  const rows = useMemo(() => {
    const found = companies.filter((c) =>
      includesText([c.name, c.product, productLabel(c.product), c.viewId, c.dimensionIndex, c.orderFeedUrl, c.country, countryName(c.country)], query),
    );
    const value = (c: Company): string | null => (sort.key === 'product' ? productLabel(c.product) : sort.key === 'country' ? countryName(c.country) : c[sort.key]);
    return found.sort((a, b) => compareValues(value(a), value(b), sort.dir, intl.locale));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [companies, query, sort, intl.locale]);

  const refresh = () => mutate(routeKey(companiesList));

  const remove = async () => {
    if (!doomed) return;
    setBusy(true);
    try {
      await mutateRoute(companiesDelete, { params: { id: doomed.id }, body: { version: doomed.version } });
      setNotice({ tone: 'success', id: 'companies.deleted', values: { name: doomed.name } });
      // The current company may have moved to the default one: every answer may change. The
      // user first: company-scoped calls name its company (X-Portal-Company) and the old one is refused.
      await mutate(CURRENT_USER_KEY);
      await mutate(() => true);
    } catch (error) {
      const left = error instanceof ApiError && error.status === 409 ? usersLeft(error) : null;
      setNotice(left !== null ? { tone: 'danger', id: 'companies.delete.usersLeft', values: { count: left } } : { tone: 'danger', id: errorMessageId(error) });
      await refresh();
    } finally {
      setBusy(false);
      setDoomed(null);
    }
  };

  return (
    <>
      <div className="co-toolbar">
        <SearchBox value={query} onChange={setQuery} label="companies.search.label" placeholder="companies.search.placeholder" />
        <span className="muted small" role="status">
          <T id="companies.count" values={{ count: rows.length }} />
        </span>
      </div>
      {notice && (
        <Callout tone={notice.tone}>
          <T id={notice.id} values={notice.values} />
        </Callout>
      )}
      <div className="co-table-wrap">
        <table className="co-table">
          <caption className="visually-hidden">
            <T id="route.adminCompanies" />
          </caption>
          <thead>
            <tr>
              {COLUMNS.map(([column, label]) => (
                <SortHeader key={column} column={column} label={label} sort={sort} onSort={toggle} />
              ))}
              <th scope="col">
                <T id="companies.col.actions" />
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <EmptyRow colSpan={COLUMNS.length + 1}>
                {query.trim() ? <T id="companies.noResults" values={{ query: query.trim() }} /> : <T id="companies.empty" />}
              </EmptyRow>
            )}
            {rows.map((company) =>
              editing === company.id ? (
                <EditRow
                  key={company.id}
                  company={company}
                  others={companies.filter((other) => other.id !== company.id)}
                  onDone={async (saved) => {
                    setEditing(null);
                    if (saved) {
                      setNotice({ tone: 'success', id: 'companies.saved', values: { name: saved.name } });
                      await refresh();
                    }
                  }}
                  onConflict={async (id) => {
                    setNotice({ tone: 'danger', id });
                    await refresh();
                  }}
                />
              ) : (
                <tr key={company.id}>
                  <td>
                    <Link to={`/admin/companies/edit/${encodeURIComponent(company.id)}`}>{company.name}</Link>
                  </td>
                  <td>{productLabel(company.product)}</td>
                  <td>{countryName(company.country)}</td>
                  <td>{company.viewId ?? '-'}</td>
                  <td>{company.dimensionIndex ?? '-'}</td>
                  <td className="co-url">
                    {isWebUrl(company.orderFeedUrl) ? (
                      <a href={company.orderFeedUrl} target="_blank" rel="noopener noreferrer">
                        {company.orderFeedUrl}
                        <span className="visually-hidden">
                          {' '}
                          <T id="companies.newTab" />
                        </span>
                      </a>
                    ) : (
                      (company.orderFeedUrl ?? '-')
                    )}
                  </td>
                  <td>
                    <div className="co-actions">
                      <Button variant="secondary" className="btn-sm" disabled={editing !== null} onClick={() => setEditing(company.id)} aria-label={t('companies.editRow', { name: company.name })}>
                        <T id="companies.edit" />
                      </Button>
                      {!company.isDefault && (
                        <Button variant="danger" className="btn-sm" disabled={editing !== null} onClick={() => setDoomed(company)} aria-label={t('companies.deleteRow', { name: company.name })}>
                          <T id="companies.delete" />
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={doomed !== null}
        message={<T id="companies.delete.confirm" values={{ name: doomed?.name ?? '' }} />}
        description={<T id="companies.delete.description" />}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDoomed(null)}
      />
    </>
  );
}

/** One row in edit mode: Save sends only the changed fields and the version read; 409 when stale. */
function EditRow({
  company,
  others,
  onDone,
  onConflict,
}: {
  company: Company;
  /** The other companies: a taken name is said while typing, as on the create form (the server refuses it anyway). */
  others: Company[];
  onDone: (saved: Company | null) => void;
  onConflict: (id: MessageId) => void;
}) {
  const t = useT();
  const [failure, setFailure] = useState<MessageId | null>(null);
  return (
    <Formik<RowValues>
      initialValues={toValues(company)}
      validationSchema={companyEditFormSchema}
      onSubmit={async (values, helpers) => {
        const body = changedFields(company, values);
        if (!body) return onDone(null);
        try {
          onDone(await mutateRoute(companiesUpdate, { params: { id: company.id }, body }));
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) {
            if (/already exists/.test(error.message)) setFailure('companies.warning.nameExists');
            else onConflict('error.conflict');
          } else if (error instanceof ApiError && Object.keys(error.fieldErrors).length) helpers.setErrors(error.fieldErrors);
          else setFailure(errorMessageId(error));
        }
      }}
    >
      {({ values, isSubmitting, submitForm }) => {
        const taken = takenByOthers(others, values);
        const nameTaken = taken.nameTaken;
        // A View ID the row already had is not news (an admin may have given it to two companies).
        const viewIdTaken = taken.viewIdTaken && values.viewId.trim() !== (company.viewId ?? '');
        const blocking = failure ?? (nameTaken ? 'companies.warning.nameExists' : null);
        return (
          <tr className="co-editing" onKeyDown={(event) => event.key === 'Escape' && onDone(null)}>
            <td>
              <FormField name="name" label="companies.field.name" required maxLength={128} />
              {blocking && (
                <p className="co-blocking" role="alert">
                  <T id={blocking} />
                </p>
              )}
            </td>
            <td>
              <SelectField name="product" label="companies.field.product" kind="product" />
            </td>
            <td>
              <SelectField name="country" label="companies.field.country" kind="country" />
            </td>
            <td>
              <FormField name="viewId" label="companies.field.viewId" inputMode="numeric" />
              {viewIdTaken && (
                <ViewIdTaken />
              )}
            </td>
            <td>
              <FormField name="dimensionIndex" label="companies.field.dimensionIndex" inputMode="numeric" />
            </td>
            <td>
              <FormField name="orderFeedUrl" label="companies.field.orderFeedUrl" type="url" />
            </td>
            <td>
              <div className="co-actions">
                <Button className="btn-sm" loading={isSubmitting} disabled={!values.name.trim() || nameTaken || viewIdTaken} onClick={() => void submitForm()} aria-label={t('companies.saveRow', { name: company.name })}>
                  <T id="companies.save" />
                </Button>
                <Button variant="ghost" className="btn-sm" disabled={isSubmitting} onClick={() => onDone(null)}>
                  <T id="companies.cancel" />
                </Button>
              </div>
            </td>
          </tr>
        );
      }}
    </Formik>
  );
}

