import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { HEALTH_SEVERITY } from 'shared/domain/data-health';
import { Link, useSearchParams } from 'react-router-dom';
import { STEP_STATUSES } from 'shared/domain/integration';
import { STEP_TYPES, type StatusReportRow } from 'shared/domain/types';
import { integrationStatusReport } from 'shared/routes';
import { DateText } from '../../i18n/dates';
import { T, useT, type MessageId } from '../../i18n/t';
import { useRoute } from '../../lib/api/use-route';
import { stepNameId, stepStatusId } from '../../lib/steps';
import { ListState } from '../../ui/list-state';
import { Card } from '../../ui/card';
import { HealthBadge } from '../../ui/health-badge';
import { PageHeading } from '../../ui/page-heading';
import { EmptyRow, SearchBox, SortHeader, compareValues, includesText, useSort } from '../../ui/table-tools';
import { ExportCsvButton } from './admin-csv';
import '../../ui/edit-table.css';
import './companies-admin.css';

type Column = 'company' | 'step' | 'status';

/**
 * The report's filters live in the URL query (`company`, `step`, `status`, `completed=hidden`), so a
 * link (a company's edit page links to its rows) and Back keep them. An unknown value filters nothing.
 */
function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const filters = {
    company: params.get('company') ?? '',
    step: params.get('step') ?? '',
    status: params.get('status') ?? '',
    showCompleted: params.get('completed') !== 'hidden',
  };
  const set = (name: 'company' | 'step' | 'status' | 'completed', value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      // flushSync: the data router applies a navigation in a transition, so a controlled switch or
      // select bound to the URL would show its old value for a moment after the click.
      { replace: true, flushSync: true },
    );
  return { filters, set };
}

/** /admin/integration-status: every company's steps (one GSI Query server-side), by company by default. */
export function IntegrationStatusPage() {
  const { data, error } = useRoute(integrationStatusReport);
  return (
    <div className="page co-grid">
      <PageHeading />
      <Card>
        <ListState data={data} error={error}>
          {(list) => <StatusTable rows={list} />}
        </ListState>
      </Card>
    </div>
  );
}

function StatusTable({ rows }: { rows: StatusReportRow[] }) {
  const t = useT();
  const { locale } = useIntl();
  const [query, setQuery] = useState('');
  const { filters, set } = useReportFilters();
  const { showCompleted } = filters;
  const companies = useMemo(() => [...new Map(rows.map((row) => [row.companyId, row.companyName])).entries()].sort((a, b) => a[1].localeCompare(b[1], locale)), [rows, locale]);
  const { sort, toggle } = useSort<Column>({ key: 'company', dir: 'asc' });
  // Data health "failing first": the companies whose data stopped flowing on top, the column sort within.
  const [failingFirst, setFailingFirst] = useState(false);

  const shown = useMemo(() => {
    const stepName = (row: StatusReportRow) => t(stepNameId(row.stepType, row.product));
    const statusName = (row: StatusReportRow) => t(stepStatusId(row.status));
    const severity = (row: StatusReportRow) => (failingFirst ? HEALTH_SEVERITY[row.health ?? 'unknown'] : 0);
    const value = (row: StatusReportRow) => (sort.key === 'company' ? row.companyName : sort.key === 'step' ? stepName(row) : statusName(row));
    // The server's order (company, then the company's step order) breaks ties: a stable sort keeps it.
    return rows
      .filter((row) => showCompleted || row.status !== 'done')
      .filter((row) => (!filters.company || row.companyId === filters.company) && (!filters.step || row.stepType === filters.step) && (!filters.status || row.status === filters.status))
      .filter((row) => includesText([row.companyName, stepName(row), row.stepType, statusName(row), row.status], query))
      .map((row, index) => ({ row, index }))
      .sort((a, b) => severity(a.row) - severity(b.row) || compareValues(value(a.row), value(b.row), sort.dir, locale) || a.index - b.index)
      .map(({ row }) => row);
  }, [rows, query, showCompleted, filters.company, filters.step, filters.status, sort, locale, t, failingFirst]);

  return (
    <>
      <div className="co-toolbar">
        <SearchBox value={query} onChange={setQuery} label="statusReport.search.label" placeholder="statusReport.search.placeholder" />
        <label className="co-toggle">
          <input type="checkbox" role="switch" checked={showCompleted} onChange={(event) => set('completed', event.target.checked ? '' : 'hidden')} />
          <T id={showCompleted ? 'statusReport.completedVisible' : 'statusReport.completedHidden'} />
        </label>
        <FilterSelect label="statusReport.filter.company" value={filters.company} onChange={(value) => set('company', value)} all={t('statusReport.filter.allCompanies')} options={companies} />
        <FilterSelect label="statusReport.col.step" value={filters.step} onChange={(value) => set('step', value)} all={t('statusReport.filter.allSteps')} options={STEP_TYPES.map((step) => [step, t(stepNameId(step))])} />
        <FilterSelect label="statusReport.col.status" value={filters.status} onChange={(value) => set('status', value)} all={t('statusReport.filter.allStatuses')} options={STEP_STATUSES.map((status) => [status, t(stepStatusId(status))])} />
        <label className="co-toggle">
          <input type="checkbox" role="switch" checked={failingFirst} onChange={(event) => setFailingFirst(event.target.checked)} />
          <T id="statusReport.failingFirst" />
        </label>
        <span className="muted small" role="status">
          <T id="statusReport.count" values={{ count: shown.length }} />
        </span>
        <ExportCsvButton sheet="statusReport" rows={shown} title="route.adminIntegrationStatus" />
      </div>
      <div className="edit-table-wrap">
        {/* The editable tables' look (ui/edit-table.css): on a phone each row is a block, company first, then step, status,
            update and health under their columns' names. Explicit roles: the blocks drop a table's semantics in some browsers. */}
        <table className="edit-table status-report-table" role="table">
          <caption className="visually-hidden">
            <T id="route.adminIntegrationStatus" />
          </caption>
          <thead role="rowgroup">
            <tr role="row">
              <SortHeader column="company" label="statusReport.col.company" sort={sort} onSort={toggle} />
              <SortHeader column="step" label="statusReport.col.step" sort={sort} onSort={toggle} />
              <SortHeader column="status" label="statusReport.col.status" sort={sort} onSort={toggle} />
              <th scope="col" role="columnheader" className="edit-table-plain-head">
                <T id="statusReport.col.updated" />
              </th>
              <th scope="col" role="columnheader" className="edit-table-plain-head">
                <T id="statusReport.col.health" />
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {shown.length === 0 && (
              <EmptyRow colSpan={5}>{query.trim() ? <T id="statusReport.noResults" values={{ query: query.trim() }} /> : <T id="statusReport.empty" />}</EmptyRow>
            )}
            {shown.map((row) => (
              <tr key={`${row.companyId}-${row.stepType}`} role="row">
                <td role="cell">
                  <Link to={`/admin/companies/edit/${encodeURIComponent(row.companyId)}`}>{row.companyName}</Link>
                </td>
                <td role="cell" data-label={t('statusReport.col.step')}>
                  <T id={stepNameId(row.stepType, row.product)} />
                </td>
                <td role="cell" data-label={t('statusReport.col.status')}>
                  <span className={`badge co-status-${row.status}`}>
                    <T id={stepStatusId(row.status)} />
                  </span>
                  {row.note !== undefined && (
                    <p className="status-report-note">
                      <T id={row.note ? 'statusReport.otherWay' : 'statusReport.otherWayNoNote'} values={{ note: row.note }} />
                    </p>
                  )}
                </td>
                <td role="cell" data-label={t('statusReport.col.updated')}>{row.updated ? <DateText value={row.updated} withTime /> : '-'}</td>
                <td role="cell" data-label={t('statusReport.col.health')}>{row.health ? <HealthBadge status={row.health} /> : '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** One filter of the report: a label above a select whose first choice is "all". */
function FilterSelect({ label, value, onChange, all, options }: { label: MessageId; value: string; onChange: (value: string) => void; all: string; options: ReadonlyArray<readonly [string, string]> }) {
  return (
    <label className="co-filter">
      <span>
        <T id={label} />
      </span>
      <select className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{all}</option>
        {options.map(([id, text]) => (
          <option key={id} value={id}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
