import { useEffect, useRef, useState } from 'react';
import type { KeyedMutator } from 'swr';
import { findSameRule, overlapWithOtherSources, type OverlapRow } from 'shared/domain/utm-overlap';
import { ruleList } from 'shared/schemas/traffic';
import { proposeRule, type TrafficListAnswer, type TrafficMatchAnswer, type TrafficRowView, type TrafficRule } from 'shared/domain/utm-matching';
import { TRAFFIC_SORTS } from 'shared/schemas/lists';
import type { StepStatus } from 'shared/domain/types';
import { integrationStatusList, sourcesList, trafficList, trafficMatch, trafficRulesCreate, trafficRulesDelete, trafficRulesList } from 'shared/routes';
import { useIntl } from 'react-intl';
import { T, useT, type MessageId } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { errorMessageId, fieldMessageId } from '../../lib/api/error-message';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { Breadcrumb } from '../../ui/breadcrumb';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { usePage } from '../../ui/page-context';
import { Spinner } from '../../ui/spinner';
import { Pager, SearchBox, useListUrl } from '../../ui/table-tools';
import { useRowEdit } from '../../ui/use-row-edit';
import { emptyForm, UtmRuleForm, type UtmFormValues } from './utm-rule-form';
import { TrafficImportCard } from './utm-import';
import { OverlapDialog } from './utm-overlap-dialog';
import { RulesTable, ruleName, Suggestions, TrafficTable } from './utm-tables';
import './utm-management.css';

/** Thrown to the form while the page asks about an overlap: the form keeps what was typed (no field error). */
class AwaitingConfirmation extends Error {}

/** How many unlinked combinations get a proposed rule (beyond the spec). */
const SUGGESTIONS = 3;
/** While the relink job links the traffic after a change of the rules, the page reads it again this often. */
const LINKING_POLL_MS = 2000;

/**
 * /marketing/utm-management (spec integration-steps, "UTM management"): a rule links a source to
 * the traffic whose UTM values match it; utm_rules completes by itself when a rule is created and
 * no traffic is left unlinked (the server decides, then the team is notified).
 */
export function UtmManagementPage() {
  const status = useRoute(integrationStatusList);
  // One page of the traffic from the server (by sessions, searched; the unlinked only unless asked), kept in the URL.
  const list = useListUrl<(typeof TRAFFIC_SORTS)[number]>({ key: 'sessions', dir: 'desc' }, TRAFFIC_SORTS);
  const showAll = list.param('traffic') === 'all';
  const traffic = useRoute(trafficList, undefined, {
    query: { q: list.search, dir: list.sort.dir, cursor: list.cursor ?? undefined, ...(showAll ? {} : { linked: 'unlinked' }) },
    keepPreviousData: true,
    // A change of the rules is linked by a job after the answer: read again until it is done.
    refreshInterval: (answer) => (answer?.linking ? LINKING_POLL_MS : 0),
  });
  // Once the traffic is linked, the job may have completed utm_rules: the step is read again.
  const linking = traffic.data?.linking ?? false;
  const wasLinking = useRef(linking);
  useEffect(() => {
    if (wasLinking.current && !linking) void status.mutate();
    wasLinking.current = linking;
  }, [linking, status]);
  // The rules a page at a time too (the URL's list state is the traffic's): Next and Previous walk the cursors seen.
  const [ruleCursors, setRuleCursors] = useState<string[]>([]);
  const rules = useRoute(trafficRulesList, undefined, { query: { cursor: ruleCursors.at(-1) }, keepPreviousData: true });
  const rulePager = {
    cursor: ruleCursors.at(-1) ?? null,
    nextPage: (next: string) => setRuleCursors((seen) => [...seen, next]),
    previousPage: ruleCursors.length ? () => setRuleCursors((seen) => seen.slice(0, -1)) : null,
    firstPage: null,
  };
  const ruleRows = (update?: (rows: TrafficRule[] | undefined) => TrafficRule[], opts?: boolean) =>
    (update ? rules.mutate((current) => current && { ...current, rules: update(current.rules) }, opts) : rules.mutate()).then((answer) => answer?.rules);
  // Whether the company has a source at all (the form's picker asks the server as one types).
  const sources = useRoute(sourcesList, undefined, { query: { limit: '1' }, shouldRetryOnError: false });
  const [form, setForm] = useState<{ key: number; values: UtmFormValues }>({ key: 0, values: emptyForm() });
  const [search, setSearch] = useState<{ result?: TrafficMatchAnswer; error?: ApiError; loading?: boolean } | null>(null);
  const [createError, setCreateError] = useState<ApiError | null>(null);
  const [duplicateOf, setDuplicateOf] = useState<TrafficRule | null>(null);
  const [overlap, setOverlap] = useState<{ values: UtmFormValues; rows: OverlapRow[]; sources: Array<{ id: string; name: string }>; busy: boolean; error?: MessageId } | null>(null);
  const intl = useIntl();
  const ruleEdit = useRowEdit<TrafficRule, object>({
    data: rules.data?.rules,
    mutate: ruleRows as KeyedMutator<TrafficRule[]>,
    // Spec: confirmed first; its UTMs are unlinked (mutateRoute re-reads the traffic).
    remove: (rule) => mutateRoute(trafficRulesDelete, { params: { id: rule.id }, body: { version: rule.version } }),
    name: ruleName,
    notices: { failed: 'utm.rules.actionFailed', deleted: 'utm.rules.deleted' },
  });
  const step: StepStatus | null | undefined = status.data ? (status.data.steps.find((s) => s.stepType === 'utm_rules')?.status ?? null) : undefined;

  const onSearch = async (values: UtmFormValues) => {
    setSearch({ loading: true });
    try {
      setSearch({ result: await mutateRoute(trafficMatch, { body: { rule: values.rule } }) });
    } catch (error) {
      setSearch({ error: error as ApiError });
    }
  };
  // A 409 says which rule of the company it contradicts (the same rule, an overlap): that, not "someone else changed it".
  const failureId = (error: ApiError): MessageId =>
    error instanceof ApiError && error.fieldErrors.rule ? fieldMessageId(error.fieldErrors.rule, intl.messages) : errorMessageId(error);
  const send = async (values: UtmFormValues, acceptOverlap: boolean) => {
    try {
      await mutateRoute(trafficRulesCreate, { body: { ...values, acceptOverlap } });
    } catch (error) {
      // The traffic or the rules changed since the page read them: the next preview uses the fresh ones.
      if (error instanceof ApiError && error.status === 409) void Promise.all([traffic.mutate(), rules.mutate()]);
      throw error;
    }
    setSearch(null);
  };
  /**
   * Before sending: the same rule again is refused here (naming its source), and a rule that would link
   * traffic another source links is shown first (the dialog), computed with the server's own functions.
   */
  const onCreate = async (values: UtmFormValues) => {
    setCreateError(null);
    setDuplicateOf(null);
    const draft = ruleList(values.rule);
    // The page's rules and traffic: the server checks against all of them (and answers the same refusals).
    const same = findSameRule(rules.data?.rules ?? [], draft);
    if (same) {
      setDuplicateOf(same);
      throw new AwaitingConfirmation();
    }
    // The overlap as the server's create sees it: every combination the draft matches against every
    // rule of the company (the page shows a page of each). If it cannot answer, the page's own rows
    // stand in, and the server's check on create still refuses an overlap (the dialog then opens from its 409).
    const pageSources = (rules.data?.rules ?? []).map((rule) => ({ id: rule.sourceId, name: rule.source }));
    const { rows, sources } = await mutateRoute(trafficMatch, { body: { rule: values.rule, source: values.source } }).then(
      (answer) => ({ rows: answer.overlap ?? [], sources: answer.overlapSources ?? [] }),
      () => ({ rows: overlapWithOtherSources(traffic.data?.rows ?? [], rules.data?.rules ?? [], { sourceId: values.source, rule: draft }), sources: pageSources }),
    );
    if (rows.length) {
      setOverlap({ values, rows, sources, busy: false });
      throw new AwaitingConfirmation();
    }
    try {
      await send(values, false);
    } catch (error) {
      setCreateError(error as ApiError);
      throw error;
    }
  };
  const confirmOverlap = async () => {
    if (!overlap) return;
    setOverlap({ ...overlap, busy: true, error: undefined });
    try {
      await send(overlap.values, true);
      setOverlap(null);
      // Created: the form starts again from an empty rule (spec: after creating, 'any' with empty values).
      setForm((previous) => ({ key: previous.key + 1, values: emptyForm() }));
    } catch (error) {
      setOverlap({ ...overlap, busy: false, error: failureId(error as ApiError) });
    }
  };
  const onUse = (row: TrafficRowView) => {
    const [s, m, c] = proposeRule(row);
    setForm((previous) => ({ key: previous.key + 1, values: { source: previous.values.source, rule: { 0: s!, 1: m!, 2: c! } } }));
    setSearch(null);
  };
  const unlinked = traffic.data?.rows.filter((row) => !row.linked) ?? [];
  return (
    <div className="page utm-page">
      <Heading product={status.data?.product} />
      <div className="utm-layout">
        <div className="utm-main">
          <Card>
            <h2 className="card-heading">
              <T id="utm.description.title" />
            </h2>
            <p>
              <T id="utm.description.text" />
            </p>
            <p className="muted">
              <T id="utm.description.case" />
            </p>
          </Card>

          <Card>
            <h2 className="card-heading">
              <T id="utm.form.title" />
            </h2>
            {sources.error && (
              <Callout tone="warning" title={<T id="utm.form.sourcesFailed" />}>
                <T id={errorMessageId(sources.error)} />
              </Callout>
            )}
            {sources.data && sources.data.sources.length === 0 && (
              <Callout tone="info">
                <T id="utm.form.noSources" />
              </Callout>
            )}
            <UtmRuleForm key={form.key} initial={form.values} onSearch={onSearch} onCreate={onCreate} />
            {createError && (
              <Callout tone="danger" title={<T id="utm.form.createFailed" />}>
                <T id={failureId(createError)} />
              </Callout>
            )}
            {duplicateOf && (
              <Callout tone="danger" title={<T id="utm.form.createFailed" />}>
                <T id="utm.duplicate.text" values={{ source: duplicateOf.source || '-' }} />
              </Callout>
            )}
            {search && <SearchResult {...search} />}
          </Card>

          <Card>
            <h2 className="card-heading">
              <T id="utm.rules.title" />
            </h2>
            {rules.error ? null : !rules.data ? (
              <Spinner />
            ) : rules.data.rules.length === 0 && !rulePager.cursor ? (
              <p className="muted">
                <T id="utm.rules.empty" />
              </p>
            ) : (
              <>
                <RulesTable rules={rules.data.rules} edit={ruleEdit} />
                <Pager list={rulePager} next={rules.data.next} shown={rules.data.rules.length} label="utm.rules.pager" />
              </>
            )}
          </Card>

          <Card>
            <h2 className="card-heading">
              <T id="utm.traffic.title" />
            </h2>
            <TrafficSection traffic={traffic.data} error={traffic.error} step={step} list={list} showAll={showAll} onUse={onUse} />
          </Card>
        </div>
        <aside className="utm-side">
          <StatusCard traffic={traffic.data} error={traffic.error} step={step} />
          <TrafficImportCard traffic={traffic.data} />
          {unlinked.length > 0 && (
            <Card>
              <h2 className="card-heading">
                <T id="utm.suggest.title" />
              </h2>
              <p className="muted">
                <T id="utm.suggest.text" />
              </p>
              <Suggestions rows={unlinked.slice(0, SUGGESTIONS)} onUse={onUse} />
            </Card>
          )}
        </aside>
      </div>
      {overlap && (
        <OverlapDialog
          rows={overlap.rows}
          sources={overlap.sources}
          busy={overlap.busy}
          error={overlap.error}
          onConfirm={() => void confirmOverlap()}
          onCancel={() => setOverlap(null)}
        />
      )}
    </div>
  );
}

/** Spec breadcrumb: Data structure / <product> / UTM management (the product read from the steps answer). */
function Heading({ product }: { product?: string }) {
  const { title, crumbs } = usePage();
  const trail = product
    ? crumbs.flatMap((crumb) => (crumb.label === 'nav.dataStructure' ? [crumb, { label: `product.${product}` as const }] : [crumb]))
    : crumbs;
  return (
    <header className="page-heading">
      <Breadcrumb items={trail as typeof crumbs} />
      <h1>
        <T id={title} />
      </h1>
    </header>
  );
}

function StatusCard({ traffic, error, step }: { traffic?: TrafficListAnswer; error?: ApiError; step: StepStatus | null | undefined }) {
  let body;
  if (error) {
    body = (
      <Callout tone="danger" title={<T id="common.somethingWrong" />}>
        <T id="utm.status.tryLater" />
      </Callout>
    );
  } else if (!traffic || step === undefined) {
    body = <Spinner />;
  } else if (traffic.linking) {
    body = (
      <Callout tone="info" title={<T id="utm.status.linking" />}>
        <T id="utm.status.linkingText" />
      </Callout>
    );
  } else if (traffic.unlinkedUtms > 0) {
    body = (
      <Callout tone="warning" title={<T id="utm.status.unlinkedTitle" />}>
        <p>
          <T id="utm.status.unlinkedUtms" values={{ count: traffic.unlinkedUtms, total: traffic.totalUtms }} />
        </p>
        <p>
          <T id="utm.status.unlinkedSessions" values={{ count: traffic.unlinkedSessions, total: traffic.totalSessions }} />
        </p>
      </Callout>
    );
  } else if (step === 'done') {
    body = (
      <Callout tone="success" title={<T id="utm.status.done" />}>
        <T id="utm.status.doneText" />
      </Callout>
    );
  } else if (traffic.totalUtms > 0) {
    // Nothing unlinked: the linking is complete whether or not utm_rules is one of the company's steps.
    body = (
      <Callout tone="success" title={<T id="utm.status.linked" />}>
        <T id="utm.status.linkedText" />
      </Callout>
    );
  } else {
    body = (
      <Callout tone="info" title={<T id="utm.status.todo" />}>
        <T id={step === null ? 'utm.status.notPart' : 'utm.status.todoText'} />
      </Callout>
    );
  }
  return (
    <Card>
      <h2 className="card-heading">
        <T id="utm.status.title" />
      </h2>
      {body}
    </Card>
  );
}

function TrafficSection({
  traffic,
  error,
  step,
  list,
  showAll,
  onUse,
}: {
  traffic?: TrafficListAnswer;
  error?: ApiError;
  step: StepStatus | null | undefined;
  list: ReturnType<typeof useListUrl<'sessions'>>;
  showAll: boolean;
  onUse: (row: TrafficRowView) => void;
}) {
  if (error) {
    return (
      <Callout tone="warning" title={<T id="utm.traffic.failed" />}>
        {error.message || <T id={errorMessageId(error)} />}
      </Callout>
    );
  }
  if (!traffic) return <Spinner />;
  return (
    <>
      {traffic.linking && (
        <p className="muted utm-linking" role="status">
          <T id="utm.traffic.linking" />
        </p>
      )}
      {traffic.unlinkedUtms === 0 &&
        !traffic.linking &&
        (step === 'done' ? (
          <Callout tone="success" title={<T id="utm.traffic.allLinked" />} />
        ) : (
          <Callout tone="info">
            <T id={traffic.totalUtms === 0 ? 'utm.traffic.none' : 'utm.traffic.todo'} />
          </Callout>
        ))}
      {traffic.totalUtms > 0 && (
        <div className="utm-traffic-tools">
          <label className="utm-toggle">
            <input type="checkbox" checked={showAll} onChange={(event) => list.setParam('traffic', event.target.checked ? 'all' : null)} />
            <T id="utm.traffic.showLinked" values={{ count: traffic.totalUtms - traffic.unlinkedUtms }} />
          </label>
          <SearchBox value={list.text} onChange={list.setText} label="utm.traffic.search" />
        </div>
      )}
      {traffic.rows.length > 0 && <TrafficTable rows={traffic.rows} caption="utm.traffic.title" showLinked={showAll} onUse={onUse} sort={list.sort} onSort={list.toggleSort} />}
      {traffic.rows.length === 0 && list.search && (
        <p className="muted" role="status">
          <T id="utm.traffic.noMatch" />
        </p>
      )}
      <Pager list={list} next={traffic.next} shown={traffic.rows.length} label="utm.traffic.pager" />
    </>
  );
}

function SearchResult({ result, error, loading }: { result?: TrafficMatchAnswer; error?: ApiError; loading?: boolean }) {
  const t = useT();
  return (
    <section className="utm-search" aria-live="polite" aria-label={t('utm.search.caption')}>
      {loading && <Spinner />}
      {error && (
        <Callout tone="danger" title={<T id="utm.search.failed" />}>
          <T id={errorMessageId(error)} />
        </Callout>
      )}
      {result && (
        <>
          <h3 className="utm-search-title">
            <T id="utm.search.result" values={{ count: result.utms, sessions: result.sessions }} />
          </h3>
          {result.utms > 0 && <TrafficTable rows={result.rows} caption="utm.search.caption" showLinked />}
        </>
      )}
    </section>
  );
}
