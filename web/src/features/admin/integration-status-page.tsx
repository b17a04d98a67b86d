import { Link } from 'react-router-dom';
import { STEP_STATUSES } from 'shared/domain/integration';
import { STEP_TYPES, type StatusReportPage } from 'shared/domain/types';
import { integrationStatusReport } from 'shared/routes';
import { REPORT_SORTS, type ReportSort } from 'shared/schemas/lists';
import { useIntl } from 'react-intl';
import { DateText, formatPortalDate } from '../../i18n/dates';
import { T, useT, type MessageId } from '../../i18n/t';
import { callRoute } from '../../lib/api/client';
import { useRoute } from '../../lib/api/use-route';
import { stepNameId, stepStatusId } from '../../lib/steps';
import { ListState } from '../../ui/list-state';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { HealthBadge, healthStatusId } from '../../ui/health-badge';
import { healthKindId } from '../../ui/health-reason';
import { PageHeading } from '../../ui/page-heading';
import { EmptyRow, Pager, SearchBox, SortHeader, useListUrl } from '../../ui/table-tools';
import { ExportCsvButton } from './admin-csv';
import { everyPage } from '../../lib/api/every-page';
import '../../ui/edit-table.css';
import './companies-admin.css';

/** The report's filters and toggles, kept in the URL with the list's search, sort and page. */
const FILTERS = ['company', 'step', 'status', 'completed', 'health'] as const;

/**
 * /admin/integration-status: the companies' steps a page at a time from the server, sorted,
 * searched and filtered there (docs/web.md, "Lists paged by the server"). The URL holds the page,
 * sort, search and filters (`company`, `step`, `status`, `completed=hidden`, `health=first`), so a
 * link (a company's edit page links to its rows) and Back keep them.
 */
export function IntegrationStatusPage() {
  const list = useListUrl<ReportSort>({ key: 'company', dir: 'asc' }, REPORT_SORTS);
  const filters = Object.fromEntries(FILTERS.flatMap((name) => (list.param(name) ? [[name, list.param(name)!]] : [])));
  const query = { q: list.search, sort: list.sort.key, dir: list.sort.dir, cursor: list.cursor ?? undefined, ...filters };
  const { data, error } = useRoute(integrationStatusReport, undefined, { query, keepPreviousData: true, revalidateOnFocus: false });
  // The export holds every row of the search and filters, page after page, not the page shown.
  const exportAll = () => everyPage((cursor) => callRoute(integrationStatusReport, { query: { ...query, cursor } }).then((page) => ({ rows: page.rows, next: page.next })));
  return (
    <div className="page co-grid">
      <PageHeading />
      <Card>
        <ListState data={data} error={error}>
          {(page) => <StatusTable page={page} list={list} exportAll={exportAll} />}
        </ListState>
      </Card>
    </div>
  );
}

function StatusTable({ page, list, exportAll }: { page: StatusReportPage; list: ReturnType<typeof useListUrl<ReportSort>>; exportAll: () => Promise<StatusReportPage['rows']> }) {
  const t = useT();
  const { rows } = page;
  const showCompleted = list.param('completed') !== 'hidden';
  const failingFirst = list.param('health') === 'first';
  const company = list.param('company');
  const query = list.search;
  return (
    <>
      <div className="co-toolbar">
        <SearchBox value={list.text} onChange={list.setText} label="statusReport.search.label" placeholder="statusReport.search.placeholder" />
        <label className="co-toggle">
          <input type="checkbox" role="switch" checked={showCompleted} onChange={(event) => list.setParam('completed', event.target.checked ? null : 'hidden')} />
          <T id={showCompleted ? 'statusReport.completedVisible' : 'statusReport.completedHidden'} />
        </label>
        {company && (
          <p className="co-filter">
            <span>
              <T id="statusReport.filter.company" />
            </span>
            <span>
              {rows[0]?.companyName}{' '}
              <Button variant="secondary" onClick={() => list.setParam('company', null)}>
                <T id="statusReport.filter.allCompanies" />
              </Button>
            </span>
          </p>
        )}
        <FilterSelect label="statusReport.col.step" value={list.param('step') ?? ''} onChange={(value) => list.setParam('step', value || null)} all={t('statusReport.filter.allSteps')} options={STEP_TYPES.map((step) => [step, t(stepNameId(step))])} />
        <FilterSelect label="statusReport.col.status" value={list.param('status') ?? ''} onChange={(value) => list.setParam('status', value || null)} all={t('statusReport.filter.allStatuses')} options={STEP_STATUSES.map((status) => [status, t(stepStatusId(status))])} />
        <label className="co-toggle">
          <input type="checkbox" role="switch" checked={failingFirst} onChange={(event) => list.setParam('health', event.target.checked ? 'first' : null)} />
          <T id="statusReport.failingFirst" />
        </label>
        <ExportCsvButton sheet="statusReport" load={exportAll} title="route.adminIntegrationStatus" />
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
              <SortHeader column="company" label="statusReport.col.company" sort={list.sort} onSort={list.toggleSort} />
              <SortHeader column="step" label="statusReport.col.step" sort={list.sort} onSort={list.toggleSort} />
              <SortHeader column="status" label="statusReport.col.status" sort={list.sort} onSort={list.toggleSort} />
              <th scope="col" role="columnheader" className="edit-table-plain-head">
                <T id="statusReport.col.updated" />
              </th>
              <th scope="col" role="columnheader" className="edit-table-plain-head">
                <T id="statusReport.col.health" />
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.length === 0 && <EmptyRow colSpan={5}>{query ? <T id="statusReport.noResults" values={{ query }} /> : <T id="statusReport.empty" />}</EmptyRow>}
            {rows.map((row) => (
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
                <td role="cell" data-label={t('statusReport.col.health')}>
                  {row.health ? <HealthBadge status={row.health} /> : '-'}
                  <MutedKinds row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager list={list} next={page.next} shown={rows.length} label="statusReport.pager" />
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

/** The kinds a company user acknowledged and muted, apart from the health (which still counts them: the report stays truthful). */
function MutedKinds({ row }: { row: StatusReportPage['rows'][number] }) {
  const t = useT();
  const intl = useIntl();
  if (!row.muted?.length) return null;
  const kinds = row.muted.map((mute) =>
    t('dataHealth.mute.mutedKind', { kind: t(healthKindId(mute.kind, row.product)), status: t(healthStatusId(mute.status)), until: formatPortalDate(intl, mute.until) }),
  );
  return <p className="status-report-note status-report-muted">{t('dataHealth.mute.muted', { kinds: intl.formatList(kinds, { type: 'conjunction' }) })}</p>;
}
