import { Link } from 'react-router-dom';
import { useSWRConfig, type KeyedMutator } from 'swr';
import type { Schema } from 'yup';
import type { CompaniesAdminList, Company, Product } from 'shared/domain/types';
import type { CompanySort } from 'shared/schemas/lists';
import { companyEditFormSchema, type CompanyUpdateRequest } from 'shared/schemas/companies';
import { companiesDelete, companiesList, companiesUpdate } from 'shared/routes';
import { T, useT, type MessageId } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { CURRENT_USER_KEY, useCurrentUser } from '../../lib/api/session';
import { mutateRoute, pageRows } from '../../lib/api/use-route';
import { EditTable, type ActionLabels, type Column, type EditorProps } from '../../ui/edit-table';
import { useRowEdit } from '../../ui/use-row-edit';
import { CompanyOptions, useTakenByOthers, ViewIdTaken, useCountryName } from './companies-fields';
import { SearchBox, type useListUrl } from '../../ui/table-tools';

type SortKey = CompanySort;

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
const usersLeft = (error: unknown): number | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const match = /^(\d+) users? still/.exec(error.message);
  return match ? Number(match[1]) : null;
};

const input =
  (key: 'name' | 'viewId' | 'dimensionIndex' | 'orderFeedUrl', extra: { type?: string; inputMode?: 'numeric'; maxLength?: number } = {}) =>
  ({ draft, set, label, invalid, describedBy }: EditorProps<RowValues>) => (
    <input
      className="input"
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      value={draft[key]}
      onChange={(e) => set({ [key]: e.target.value })}
      {...extra}
    />
  );

const select =
  (key: 'product' | 'country') =>
  ({ draft, set, label }: EditorProps<RowValues>) => (
    <select className="select" aria-label={label} value={draft[key]} onChange={(e) => set({ [key]: e.target.value })}>
      <CompanyOptions kind={key} value={draft[key]} />
    </select>
  );

// Each action's visible word and its accessible name with the company's: `companies.edit`, `companies.editRow`...
const pair = (action: 'edit' | 'save' | 'cancel' | 'delete'): [MessageId, MessageId] => [`companies.${action}`, `companies.${action}Row`];
const LABELS: ActionLabels = { edit: pair('edit'), save: pair('save'), cancel: pair('cancel'), delete: pair('delete'), actions: 'companies.col.actions', deleteConfirm: 'companies.delete.confirm', deleteDescription: 'companies.delete.description' };

/** `companies`: the page the server answered; `mutate` its SWR entry; `list` the URL's search, sort and page. */
export function CompaniesTable({ companies, mutate: mutatePage, list }: { companies: Company[]; mutate: KeyedMutator<CompaniesAdminList>; list: ReturnType<typeof useListUrl<SortKey>> }) {
  const t = useT();
  const { mutate } = useSWRConfig();
  const { user } = useCurrentUser();
  const countryName = useCountryName();
  const productLabel = (product: Product) => t(`product.${product}` satisfies MessageId);
  // The hook works on a list of rows; GET /api/companies answers the page's companies inside a record (with its cursor).
  const mutateRows = pageRows(mutatePage, 'companies');

  const edit = useRowEdit<Company, RowValues>({
    data: companies,
    mutate: mutateRows,
    toDraft: toValues,
    // The edit form's schema reads the row's texts (its output makes empty optional fields null).
    schema: companyEditFormSchema as unknown as Schema<RowValues>,
    changed: (row, draft) => changedFields(row, draft) !== null,
    // Saves only the changed fields with the version read; `stale` of the route reads the list again, once.
    save: (base, draft) => mutateRoute(companiesUpdate, { params: { id: base.id }, body: changedFields(base, draft)! }),
    remove: async (row) => {
      const deletion = await mutateRoute(companiesDelete, { params: { id: row.id }, body: { version: row.version } });
      // Deleting the company one works on moves one to another: the user FIRST (company-scoped
      // calls name its company), then every other answer; the company list was read by `stale`.
      if (deletion.currentCompany.id !== user?.currentCompany.id) {
        await mutate(CURRENT_USER_KEY);
        await mutate((key) => key !== CURRENT_USER_KEY && !(Array.isArray(key) && key[0] === companiesList.id));
      }
    },
    name: (row) => row.name,
    notices: { failed: 'companies.actionFailed', deleted: 'companies.deleted', saved: 'companies.saved' },
    explain: (failure) => {
      const left = usersLeft(failure);
      return left === null ? null : { tone: 'danger', id: 'companies.delete.usersLeft', values: { count: String(left) } };
    },
  });

  // A name or View ID another company has is said while typing, as on the create form (the server refuses both).
  const found = useTakenByOthers(edit.editing?.draft ?? null, edit.editing?.id);
  const taken = (draft: RowValues) => {
    // A View ID the row already had is not news (an admin may have given it to two companies).
    return { nameTaken: found.nameTaken, viewIdTaken: found.viewIdTaken && draft.viewId.trim() !== (edit.editing?.base.viewId ?? '') };
  };

  const columns: ReadonlyArray<Column<Company, RowValues, SortKey>> = [
    {
      key: 'name',
      label: 'companies.col.name',
      fieldLabel: 'companies.field.name',
      sort: 'name',
      field: 'name',
      cell: (company) => <Link to={`/admin/companies/edit/${encodeURIComponent(company.id)}`}>{company.name}</Link>,
      editor: (props) => (
        <>
          {input('name', { maxLength: 128 })(props)}
          {taken(props.draft).nameTaken && (
            <p className="co-blocking" role="alert">
              <T id="companies.warning.nameExists" />
            </p>
          )}
        </>
      ),
    },
    { key: 'product', label: 'companies.col.product', fieldLabel: 'companies.field.product', sort: 'product', field: 'product', cell: (c) => productLabel(c.product), editor: select('product') },
    { key: 'country', label: 'companies.col.country', fieldLabel: 'companies.field.country', sort: 'country', field: 'country', cell: (c) => countryName(c.country), editor: select('country') },
    {
      key: 'viewId',
      label: 'companies.col.viewId',
      fieldLabel: 'companies.field.viewId',
      sort: 'viewId',
      field: 'viewId',
      cell: (c) => c.viewId ?? '-',
      editor: (props) => (
        <>
          {input('viewId', { inputMode: 'numeric' })(props)}
          {taken(props.draft).viewIdTaken && <ViewIdTaken />}
        </>
      ),
    },
    {
      key: 'dimensionIndex',
      label: 'companies.col.dimensionIndex',
      fieldLabel: 'companies.field.dimensionIndex',
      sort: 'dimensionIndex',
      field: 'dimensionIndex',
      cell: (c) => c.dimensionIndex ?? '-',
      editor: input('dimensionIndex', { inputMode: 'numeric' }),
    },
    {
      key: 'orderFeedUrl',
      label: 'companies.col.orderFeedUrl',
      fieldLabel: 'companies.field.orderFeedUrl',
      sort: 'orderFeedUrl',
      field: 'orderFeedUrl',
      className: 'co-url',
      cell: (company) =>
        isWebUrl(company.orderFeedUrl) ? (
          <a href={company.orderFeedUrl} target="_blank" rel="noopener noreferrer">
            {company.orderFeedUrl}
            <span className="visually-hidden">
              {' '}
              <T id="companies.newTab" />
            </span>
          </a>
        ) : (
          (company.orderFeedUrl ?? '-')
        ),
      editor: input('orderFeedUrl', { type: 'url' }),
    },
  ];

  return (
    <>
      <div className="list-toolbar">
        <SearchBox value={list.text} onChange={list.setText} label="companies.search.label" placeholder="companies.search.placeholder" />
      </div>
      <EditTable
        rows={companies}
        columns={columns}
        edit={edit}
        editable
        name={(company) => company.name}
        preview={(company, draft) => ({ ...company, ...draft, viewId: draft.viewId || null, dimensionIndex: draft.dimensionIndex || null, orderFeedUrl: draft.orderFeedUrl || null })}
        labels={LABELS}
        caption="route.adminCompanies"
        hiddenCaption
        sort={list.sort}
        onSort={list.toggleSort}
        testId="co-row"
        saveDisabled={(_, draft) => !draft.name.trim() || taken(draft).nameTaken || taken(draft).viewIdTaken}
        canDelete={(company) => !company.isDefault}
        empty={list.search ? <T id="companies.noResults" values={{ query: list.search }} /> : <T id="companies.empty" />}
      />
    </>
  );
}
