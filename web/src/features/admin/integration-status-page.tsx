import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { HEALTH_SEVERITY } from 'shared/domain/data-health';
import type { StatusReportRow } from 'shared/domain/types';
import { integrationStatusReport } from 'shared/routes';
import { DateText } from '../../i18n/dates';
import { T, useT } from '../../i18n/t';
import { useRoute } from '../../lib/api/use-route';
import { stepNameId, stepStatusId } from '../../lib/steps';
import { ListState } from '../../ui/list-state';
import { Card } from '../../ui/card';
import { HealthBadge } from '../../ui/health-badge';
import { PageHeading } from '../../ui/page-heading';
import { EmptyRow, SearchBox, SortHeader, compareValues, includesText, useSort } from '../../ui/table-tools';
import './companies-admin.css';

type Column = 'company' | 'step' | 'status';

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
  const [showCompleted, setShowCompleted] = useState(true);
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
      .filter((row) => includesText([row.companyName, stepName(row), row.stepType, statusName(row), row.status], query))
      .map((row, index) => ({ row, index }))
      .sort((a, b) => severity(a.row) - severity(b.row) || compareValues(value(a.row), value(b.row), sort.dir, locale) || a.index - b.index)
      .map(({ row }) => row);
  }, [rows, query, showCompleted, sort, locale, t, failingFirst]);

  return (
    <>
      <div className="co-toolbar">
        <SearchBox value={query} onChange={setQuery} label="statusReport.search.label" placeholder="statusReport.search.placeholder" />
        <label className="co-toggle">
          <input type="checkbox" role="switch" checked={showCompleted} onChange={(event) => setShowCompleted(event.target.checked)} />
          <T id={showCompleted ? 'statusReport.completedVisible' : 'statusReport.completedHidden'} />
        </label>
        <label className="co-toggle">
          <input type="checkbox" role="switch" checked={failingFirst} onChange={(event) => setFailingFirst(event.target.checked)} />
          <T id="statusReport.failingFirst" />
        </label>
        <span className="muted small" role="status">
          <T id="statusReport.count" values={{ count: shown.length }} />
        </span>
      </div>
      <div className="co-table-wrap">
        <table className="co-table">
          <caption className="visually-hidden">
            <T id="route.adminIntegrationStatus" />
          </caption>
          <thead>
            <tr>
              <SortHeader column="company" label="statusReport.col.company" sort={sort} onSort={toggle} />
              <SortHeader column="step" label="statusReport.col.step" sort={sort} onSort={toggle} />
              <SortHeader column="status" label="statusReport.col.status" sort={sort} onSort={toggle} />
              <th scope="col">
                <T id="statusReport.col.updated" />
              </th>
              <th scope="col">
                <T id="statusReport.col.health" />
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 && (
              <EmptyRow colSpan={5}>{query.trim() ? <T id="statusReport.noResults" values={{ query: query.trim() }} /> : <T id="statusReport.empty" />}</EmptyRow>
            )}
            {shown.map((row) => (
              <tr key={`${row.companyId}-${row.stepType}`}>
                <td>{row.companyName}</td>
                <td>
                  <T id={stepNameId(row.stepType, row.product)} />
                </td>
                <td>
                  <span className={`badge co-status-${row.status}`}>
                    <T id={stepStatusId(row.status)} />
                  </span>
                  {row.note !== undefined && (
                    <p className="status-report-note">
                      <T id={row.note ? 'statusReport.otherWay' : 'statusReport.otherWayNoNote'} values={{ note: row.note }} />
                    </p>
                  )}
                </td>
                <td>{row.updated ? <DateText value={row.updated} withTime /> : '-'}</td>
                <td>{row.health ? <HealthBadge status={row.health} /> : '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
