import { useState } from 'react';
import { useIntl } from 'react-intl';
import { csvRow, csvText, safeFileName } from 'shared/domain/csv';
import { displayedScope } from 'shared/domain/roles';
import type { AdminUser, Company, StatusReportRow } from 'shared/domain/types';
import { formatPortalDate } from '../../i18n/dates';
import { T, useT, type MessageId } from '../../i18n/t';
import { downloadCsv } from '../../lib/csv-download';
import { stepNameId, stepStatusId } from '../../lib/steps';
import { Button } from '../../ui/button';
import { useCountryName } from './companies-fields';
import { roleLabel } from './users-choices';

/**
 * The administrators' CSV exports (users, companies, integration status), built in the browser from
 * every row of the list (the users and companies read page after page from the server): headers and labels in the user's
 * language, dates in the portal's one format, every cell formula-safe (shared/domain/csv.ts, the
 * sources export's helper).
 */

type Format = { t: (id: MessageId, values?: Record<string, string | number>) => string; date: (iso: string | null, withTime?: boolean) => string; country: (code: string) => string };
type Sheet<Row> = { columns: ReadonlyArray<[MessageId, (row: Row, f: Format) => string]> };

const users: Sheet<AdminUser> = {
  columns: [
    ['adminUsers.column.email', (u) => u.login],
    ['adminUsers.column.lastName', (u) => u.lastName],
    ['adminUsers.column.firstName', (u) => u.firstName],
    ['adminUsers.column.role', (u, f) => f.t(roleLabel(u.role))],
    ['adminUsers.column.company', (u) => u.company],
    ['adminUsers.column.managedCompanies', (u, f) => {
      const scope = displayedScope(u);
      if (scope.all) return f.t('adminUsers.allCompanies');
      return scope.more ? f.t('adminUsers.managedMore', { names: scope.names.join(', '), count: scope.more }) : scope.names.join(', ');
    }],
    ['adminUsers.column.created', (u, f) => f.date(u.created)],
    ['adminUsers.column.lastSignIn', (u, f) => f.date(u.lastSignIn, true)],
  ],
};

const companies: Sheet<Company> = {
  columns: [
    ['companies.col.name', (c) => c.name],
    ['companies.col.product', (c, f) => f.t(`product.${c.product}` satisfies MessageId)],
    ['companies.col.country', (c, f) => f.country(c.country)],
    ['companies.col.viewId', (c) => c.viewId ?? ''],
    ['companies.col.dimensionIndex', (c) => c.dimensionIndex ?? ''],
    ['companies.col.orderFeedUrl', (c) => c.orderFeedUrl ?? ''],
  ],
};

const statusReport: Sheet<StatusReportRow> = {
  columns: [
    ['statusReport.col.company', (r) => r.companyName],
    ['statusReport.col.step', (r, f) => f.t(stepNameId(r.stepType, r.product))],
    ['statusReport.col.status', (r, f) => f.t(stepStatusId(r.status))],
    ['statusReport.col.note', (r) => r.note ?? ''],
    ['statusReport.col.updated', (r, f) => f.date(r.updated ?? null, true)],
  ],
};

export const SHEETS = { users, companies, statusReport };
type Sheets = typeof SHEETS;
type RowOf<K extends keyof Sheets> = Sheets[K] extends Sheet<infer Row> ? Row : never;

/** The CSV text of `rows` (pure but for the formatters: unit-testable with any language). */
export function sheetCsv<Row>(sheet: Sheet<Row>, rows: readonly Row[], f: Format): string {
  return csvText([csvRow(sheet.columns.map(([label]) => f.t(label))), ...rows.map((row) => csvRow(sheet.columns.map(([, cell]) => cell(row, f))))]);
}

/**
 * "Export CSV": saves '<page title> YYYY-MM-DD.csv' (the page's name in the user's language), of
 * `rows` (a list the page holds whole) or of what `load` reads (every page of a list the server pages).
 */
export function ExportCsvButton<K extends keyof Sheets>({ sheet, rows, load, title }: { sheet: K; rows?: readonly RowOf<K>[] | undefined; load?: () => Promise<readonly RowOf<K>[]>; title: MessageId }) {
  const t = useT();
  const intl = useIntl();
  const country = useCountryName();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const save = async () => {
    setFailed(false);
    setBusy(true);
    try {
      const all = load ? await load() : rows;
      if (!all) return;
      const format: Format = { t: (id, values) => t(id, values), date: (iso, withTime) => (iso ? formatPortalDate(intl, iso, withTime) : ''), country };
      const day = new Date().toISOString().slice(0, 10);
      downloadCsv(sheetCsv(SHEETS[sheet] as Sheet<RowOf<K>>, all, format), `${safeFileName(t(title))} ${day}.csv`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" disabled={!rows && !load} loading={busy} onClick={() => void save()}>
        <T id="adminCsv.export" />
      </Button>
      {failed && (
        <span className="field-error" role="alert">
          <T id="adminCsv.failed" />
        </span>
      )}
    </>
  );
}
