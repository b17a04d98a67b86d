import { useId, useMemo, useState } from 'react';
import useSWR from 'swr';
import { AUDIT_KINDS, type AuditEntry, type AuditKind } from 'shared/domain/types';
import { auditList, companiesList, usersList } from 'shared/routes';
import { DateText } from '../../i18n/dates';
import { T, useT, type MessageId } from '../../i18n/t';
import { callRoute, type ApiError } from '../../lib/api/client';
import { useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ListState } from '../../ui/list-state';
import { PageHeading } from '../../ui/page-heading';
import { auditFieldLabel } from './audit-fields';
import './companies-admin.css';

/**
 * The audit history (docs/product.md, "Audit history"): the admin page /admin/audit with its
 * filters, and the section of a user's or a company's edit page. Newest first, 25 a page, "More"
 * reads the next page (the server's `next`).
 */

type Filter = { company?: string; user?: string; subject?: string; kind?: string; from?: string; to?: string };

const kindId = (kind: AuditKind) => `audit.kind.${kind}` as MessageId;
const actionId = (action: AuditEntry['action']) => `audit.action.${action}` as MessageId;
/** A recorded value as text: nothing for none (absent, null), strings as they are, the rest as JSON. */
const show = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** Fields that hold company ids (a user's companies): shown by the companies' names (a deleted one keeps its id). */
const COMPANY_FIELDS = new Set(['companyId', 'currentCompanyId', 'managedCompanyIds']);
type CompanyNames = ReadonlyMap<string, string>;
const showValue = (field: string, value: unknown, names: CompanyNames): string => {
  if (!COMPANY_FIELDS.has(field)) return show(value);
  if (Array.isArray(value)) return value.map((id) => names.get(String(id)) ?? String(id)).join(', ');
  return typeof value === 'string' ? (names.get(value) ?? value) : show(value);
};

/** One page of entries, and the button that adds the next one after it. */
function Page({ filter, cursor, first }: { filter: Filter; cursor: string | null; first: boolean }) {
  const query = { ...filter, cursor: cursor ?? undefined };
  const { data, error } = useSWR<Awaited<ReturnType<typeof callRoute<typeof auditList>>>, ApiError>([auditList.id, query], () => callRoute(auditList, { query }));
  const [more, setMore] = useState(false);
  // The admin lists' companies (cached: the page's filter and the edit pages read them too).
  const companies = useRoute(companiesList).data;
  const names = useMemo<CompanyNames>(() => new Map((companies ?? []).map((company) => [company.id, company.name])), [companies]);
  const rows = (
    <>
      {data?.entries.map((entry) => <Row key={`${entry.at}#${entry.kind}#${entry.recordId}#${entry.action}`} entry={entry} names={names} />)}
      {data?.next && !more ? (
        <tr role="row">
          <td colSpan={4} role="cell">
            <Button variant="secondary" onClick={() => setMore(true)}>
              <T id="audit.more" />
            </Button>
          </td>
        </tr>
      ) : null}
      {data?.next && more ? <Page filter={filter} cursor={data.next} first={false} /> : null}
    </>
  );
  if (!first) return rows;
  return (
    <ListState data={data?.entries} error={error} empty="audit.empty">
      <div className="co-table-wrap">
        {/* Explicit roles: on a phone the rows are laid out as blocks (companies-admin.css), which drops a table's semantics in some browsers. */}
        <table className="co-table audit-table" role="table">
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader"><T id="audit.col.when" /></th>
              <th scope="col" role="columnheader"><T id="audit.col.who" /></th>
              <th scope="col" role="columnheader"><T id="audit.col.what" /></th>
              <th scope="col" role="columnheader"><T id="audit.col.changes" /></th>
            </tr>
          </thead>
          <tbody role="rowgroup">{rows}</tbody>
        </table>
      </div>
    </ListState>
  );
}

/** The field's label in the user's language (audit-fields.ts), its stored name when it has none. */
function FieldName({ kind, field }: { kind: AuditKind; field: string }) {
  const label = auditFieldLabel(kind, field);
  return <strong>{label ? <T id={label} /> : field}</strong>;
}

function Row({ entry, names }: { entry: AuditEntry; names: CompanyNames }) {
  // A field empty on both sides (a creation's blank optional fields) says nothing.
  const fields = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])].filter((field) => show(entry.before[field]) || show(entry.after[field]));
  return (
    <tr role="row">
      <td role="cell" className="audit-when"><DateText value={entry.at} withTime /></td>
      <td role="cell" className="audit-who audit-break">{entry.actorLogin}</td>
      <td role="cell" className="audit-what">
        <T id={kindId(entry.kind)} /> · <T id={actionId(entry.action)} />
        {entry.client ? <div className="muted small">{entry.client}</div> : null}
      </td>
      <td role="cell" className="audit-what-changed">
        <ul className="audit-changes">
          {fields.map((field) => (
            <li key={field} className="audit-break">
              <FieldName kind={entry.kind} field={field} />: <del>{showValue(field, entry.before[field], names)}</del> → <ins>{showValue(field, entry.after[field], names)}</ins>
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

/** The history list of a filter (a new filter starts again at the first page). */
function AuditHistory({ filter }: { filter: Filter }) {
  return <Page key={JSON.stringify(filter)} filter={filter} cursor={null} first />;
}

/** The section of an edit page: the record's history (a company: everything in it). */
export function AuditSection({ of }: { of: { company: string } | { subject: string } }) {
  return (
    <Card aria-labelledby="audit-section-title">
      <h2 id="audit-section-title" className="co-title">
        <T id="audit.section.title" />
      </h2>
      <AuditHistory filter={of} />
    </Card>
  );
}

/** One filter of the admin page: a choice among `options` (first: All), or a day without them. */
function FilterField({ name, filter, onChange, options }: { name: 'company' | 'user' | 'kind' | 'from' | 'to'; filter: Filter; onChange: (next: Filter) => void; options?: Array<[string, string]> }) {
  const t = useT();
  const id = `audit-filter-${useId()}`;
  const props = { id, className: 'input', value: filter[name] ?? '', onChange: (event: { target: { value: string } }) => onChange({ ...filter, [name]: event.target.value || undefined }) };
  return (
    <div className="audit-filter">
      <label htmlFor={id}>
        <T id={`audit.filter.${name}`} />
      </label>
      {options ? (
        <select {...props}>
          <option value="">{t('audit.filter.all')}</option>
          {options.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      ) : (
        <input type="date" {...props} />
      )}
    </div>
  );
}

/** /admin/audit: every change, with filters (company, who, kind, days). */
export function AuditPage() {
  const t = useT();
  const companies = useRoute(companiesList).data ?? [];
  const users = useRoute(usersList).data?.users ?? [];
  const [filter, setFilter] = useState<Filter>({});
  return (
    <div className="page co-grid">
      <PageHeading />
      <Card>
        <div className="co-toolbar audit-filters">
          <FilterField name="company" filter={filter} onChange={setFilter} options={companies.map((c) => [c.id, c.name])} />
          <FilterField name="user" filter={filter} onChange={setFilter} options={users.map((u) => [u.id, u.login])} />
          <FilterField name="kind" filter={filter} onChange={setFilter} options={AUDIT_KINDS.map((kind) => [kind, t(kindId(kind))])} />
          <FilterField name="from" filter={filter} onChange={setFilter} />
          <FilterField name="to" filter={filter} onChange={setFilter} />
        </div>
        <AuditHistory filter={filter} />
      </Card>
    </div>
  );
}
