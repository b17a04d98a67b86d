import { FormattedNumber } from 'react-intl';
import { ANALYTICS_DAYS, reportColour, type Coverage, type DimensionCheckAnswer } from 'shared/domain/analytics';
import { T, useT, type MessageId } from '../../i18n/t';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';

/**
 * The details card of a dimension or events check (spec "Custom dimension"): which custom
 * dimension the index resolved to, each coverage as a percent coloured by the report rule WITH
 * both counts and the formula (a percent alone hides a tiny sample), the events' totals, unique
 * values and example labels (collapsible), and the values not in the standard format.
 */
export function DimensionReport({ answer, eventAction }: { answer: DimensionCheckAnswer; eventAction: string }) {
  const t = useT();
  const second = answer.method === 'events' ? answer.events : answer.transactions;
  return (
    <Card className="analytics-report">
      <h2 className="step-card-heading">
        <T id="analytics.report.title" />
      </h2>
      {answer.dimension && (
        <div className="analytics-dimension">
          <p className="analytics-dimension-name">
            <T id="analytics.report.dimension" values={{ index: answer.dimension.index, name: answer.dimension.displayName }} />
          </p>
          <p className="muted">
            <T id="analytics.report.scope" values={{ apiName: answer.dimension.apiName, scope: t(`analytics.scope.${answer.dimension.scope}`) }} />
          </p>
        </div>
      )}
      {(answer.sessions || second) && (
        <>
          <div className="analytics-figures">
            <Figure name="analytics.report.sessions" coverage={answer.sessions} />
            <Figure name={answer.method === 'events' ? 'analytics.report.events' : 'analytics.report.transactions'} coverage={second} />
          </div>
          <p className="field-hint analytics-formula">
            <T id="analytics.report.formula" values={{ days: ANALYTICS_DAYS }} />
          </p>
        </>
      )}
      {answer.events && (
        <>
          <p>
            <T id="analytics.report.eventTotals" values={{ total: answer.events.total, unique: answer.events.unique, event: eventAction }} />
          </p>
          {answer.events.items.length > 0 && (
            <details className="analytics-examples">
              <summary>
                <T id="analytics.report.examples" values={{ count: answer.events.items.length }} />
              </summary>
              <Pairs
                caption="analytics.report.examples"
                captionValues={{ count: answer.events.items.length }}
                columns={['analytics.report.label', 'analytics.report.count']}
                rows={answer.events.items.map((item) => [item.label, item.count])}
              />
            </details>
          )}
        </>
      )}
      {answer.non_standard_format && answer.non_standard_format.items.length > 0 && (
        <Callout tone="warning" live={false} title={<T id="analytics.report.nonStandard" values={{ total: answer.non_standard_format.total }} />}>
          <p>
            <T id="analytics.report.nonStandardText" values={{ shown: answer.non_standard_format.items.length }} />
          </p>
          <Pairs
            caption="analytics.report.nonStandard"
            captionValues={{ total: answer.non_standard_format.total }}
            columns={['analytics.report.value', 'analytics.report.valueSessions']}
            rows={answer.non_standard_format.items.map((item) => [item.value, item.sessions])}
          />
        </Callout>
      )}
    </Card>
  );
}

function Figure({ name, coverage }: { name: MessageId; coverage: Coverage | null }) {
  if (!coverage || coverage.percent === null) {
    return (
      <div className="analytics-figure analytics-figure-none">
        <span className="analytics-figure-name">
          <T id={name} />
        </span>
        <span className="analytics-figure-percent">
          <T id="analytics.report.notMeasured" />
        </span>
      </div>
    );
  }
  const colour = reportColour(coverage.percent);
  return (
    <div className={`analytics-figure analytics-figure-${colour}`}>
      <span className="analytics-figure-name">
        <T id={name} />
      </span>
      <span className="analytics-figure-percent">
        <FormattedNumber value={coverage.percent / 100} style="percent" maximumFractionDigits={2} />
      </span>
      <span className="analytics-meter" aria-hidden="true">
        <span style={{ width: `${Math.min(100, Math.max(0, coverage.percent))}%` }} />
      </span>
      <span className="analytics-figure-counts">
        <T id="analytics.report.counts" values={{ covered: coverage.withDimension, total: coverage.total }} />
      </span>
    </div>
  );
}

/** A two-column table (a text and a count), for the example labels and the non-standard values. */
function Pairs({
  caption,
  captionValues,
  columns,
  rows,
}: {
  caption: MessageId;
  captionValues: Record<string, number>;
  columns: [MessageId, MessageId];
  rows: Array<[string, number]>;
}) {
  return (
    <table className="analytics-pairs">
      <caption className="visually-hidden">
        <T id={caption} values={captionValues} />
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <T id={columns[0]} />
          </th>
          <th scope="col">
            <T id={columns[1]} />
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([text, count], i) => (
          <tr key={`${i}-${text}`}>
            <td>
              <code>{text}</code>
            </td>
            <td>
              <FormattedNumber value={count} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
