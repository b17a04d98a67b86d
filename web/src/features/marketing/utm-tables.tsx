import { FormattedNumber } from 'react-intl';
import type { TrafficRowView, TrafficRule, UtmCondition } from 'shared/domain/utm-matching';
import { T, useT, type MessageId } from '../../i18n/t';
import { Button } from '../../ui/button';
import { EditTable, type ActionLabels, type Column } from '../../ui/edit-table';
import { SortHeader, type Sort } from '../../ui/table-tools';
import type { RowEdit } from '../../ui/use-row-edit';
import { matchTypeId } from './utm-rule-form';

/** A row's value as the analytics tool reported it; an empty one is shown as such (not as a blank cell). */
export function UtmValue({ value }: { value: string }) {
  return value === '' ? (
    <span className="muted">
      <T id="utm.empty" />
    </span>
  ) : (
    <>{value}</>
  );
}

function Condition({ condition }: { condition: UtmCondition }) {
  if (condition.type === 'any') return <span className="muted">{<T id="utm.type.any" />}</span>;
  return (
    <>
      <span className="utm-type">
        <T id={matchTypeId(condition.type)} />
      </span>{' '}
      <q>{condition.value}</q>
    </>
  );
}

const RULE_COLUMNS: ReadonlyArray<Column<TrafficRule, object>> = [
  { key: 'source', label: 'utm.rules.source', cell: (rule) => rule.source || <span className="muted"><T id="utm.rules.noSource" /></span> },
  ...(['utm.dimension.utmSource', 'utm.dimension.utmMedium', 'utm.dimension.utmCampaign'] as const).map((label, i) => ({
    key: label,
    label,
    cell: (rule: TrafficRule) => rule.rule[i] && <Condition condition={rule.rule[i]} />,
  })),
];
const RULE_LABELS: ActionLabels = { delete: ['utm.rules.delete', 'utm.rules.deleteOf'], actions: 'utm.rules.actions', deleteConfirm: 'utm.rules.deleteConfirm', deleteDescription: 'utm.rules.deleteDescription' };
const UNSORTED: Sort<'source'> = { key: 'source', dir: 'asc' };
export const ruleName = (rule: TrafficRule) => rule.source || '-';

/** The rules table (the shared EditTable, delete only): source, the three conditions, delete after its confirmation. */
export function RulesTable({ rules, edit }: { rules: TrafficRule[]; edit: RowEdit<TrafficRule, object> }) {
  // The rules keep the server's order: no sortable column.
  return <EditTable rows={rules} columns={RULE_COLUMNS} edit={edit} editable name={ruleName} preview={(rule) => rule} labels={RULE_LABELS} caption="utm.rules.title" hiddenCaption sort={UNSORTED} onSort={() => undefined} testId="utm-rule" />;
}

/** Traffic rows (utmSource, utmMedium, utmCampaign, sessions), in the order given (by sessions: a page of the server's, or a search's first matches). */
export function TrafficTable({
  rows,
  caption,
  showLinked = false,
  onUse,
  sort,
  onSort,
}: {
  rows: TrafficRowView[];
  caption: MessageId;
  /** Adds a column saying whether each row is linked (the search results). */
  showLinked?: boolean;
  /** Adds a 'Use' button per row that fills the form with a proposed rule. */
  onUse?: (row: TrafficRowView) => void;
  /** The sessions column sorts (a list the server pages). */
  sort?: Sort<'sessions'>;
  onSort?: (key: 'sessions') => void;
}) {
  const t = useT();
  return (
    <div className="utm-table-wrap">
      <table className="utm-table utm-traffic">
        <caption className="visually-hidden">
          <T id={caption} />
        </caption>
        <thead>
          <tr>
            <th scope="col">utmSource</th>
            <th scope="col">utmMedium</th>
            <th scope="col">utmCampaign</th>
            {sort && onSort ? (
              <SortHeader column="sessions" label="utm.traffic.sessions" sort={sort} onSort={onSort} />
            ) : (
              <th scope="col" className="num">
                <T id="utm.traffic.sessions" />
              </th>
            )}
            {showLinked && (
              <th scope="col">
                <T id="utm.traffic.state" />
              </th>
            )}
            {onUse && (
              <th scope="col">
                <span className="visually-hidden">
                  <T id="utm.rules.actions" />
                </span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {/* data-label: a phone lays each row out as a block, each value under its column's name (utm-management.css). */}
              <td data-label="utmSource">
                <UtmValue value={row.utmSource} />
              </td>
              <td data-label="utmMedium">
                <UtmValue value={row.utmMedium} />
              </td>
              <td data-label="utmCampaign">
                <UtmValue value={row.utmCampaign} />
              </td>
              <td className="num" data-label={t('utm.traffic.sessions')}>
                <FormattedNumber value={row.sessions} />
              </td>
              {showLinked && (
                <td className="utm-state" data-label={t('utm.traffic.state')}>
                  <span className={`badge ${row.linked ? 'utm-linked' : 'utm-unlinked'}`}>
                    <T id={row.linked ? 'utm.traffic.linked' : 'utm.traffic.unlinked'} />
                  </span>
                </td>
              )}
              {onUse && (
                <td className="utm-action">
                  {/* A linked row needs no rule. */}
                  {!row.linked && (
                    <Button
                      variant="secondary"
                      className="utm-use"
                      onClick={() => onUse(row)}
                      aria-label={t('utm.suggest.useOf', { source: row.utmSource || '-', medium: row.utmMedium || '-', campaign: row.utmCampaign || '-' })}
                    >
                      <T id="utm.suggest.use" />
                    </Button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The top unlinked combinations, each with a 'Use' button that fills the form with a proposed rule. */
export function Suggestions({ rows, onUse }: { rows: TrafficRowView[]; onUse: (row: TrafficRowView) => void }) {
  const t = useT();
  return (
    <ul className="utm-suggestions">
      {rows.map((row) => (
        <li key={row.id}>
          <div>
            <span className="utm-combination">
              <UtmValue value={row.utmSource} /> / <UtmValue value={row.utmMedium} /> / <UtmValue value={row.utmCampaign} />
            </span>
            <span className="muted">
              <T id="utm.suggest.sessions" values={{ count: row.sessions }} />
            </span>
          </div>
          <Button
            variant="secondary"
            className="utm-use"
            onClick={() => onUse(row)}
            aria-label={t('utm.suggest.useOf', { source: row.utmSource || '-', medium: row.utmMedium || '-', campaign: row.utmCampaign || '-' })}
          >
            <T id="utm.suggest.use" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
