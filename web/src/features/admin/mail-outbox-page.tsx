import { createContext, useContext, useState } from 'react';
import type { KeyedMutator } from 'swr';
import type { OutboxDelivery, OutboxState } from 'shared/domain/types';
import { outboxList, outboxResend } from 'shared/routes';
import { DateText } from '../../i18n/dates';
import { T, type MessageId } from '../../i18n/t';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { EditTable, type ActionLabels, type Column } from '../../ui/edit-table';
import { ListState } from '../../ui/list-state';
import { PageHeading } from '../../ui/page-heading';
import { Pager, useListUrl } from '../../ui/table-tools';
import { useRowEdit } from '../../ui/use-row-edit';

/** The table edits nothing in place; its hook keys rows by id and version (a delivery has none: 0). */
type Row = OutboxDelivery & { version: number };
type Draft = Record<string, never>;

/** What the last "Send again" did, shown above the table (the page's own texts: not a shell notice). */
type Outcome = { tone: 'success' | 'danger'; recipient: string };
const ReportOutcome = createContext<(outcome: Outcome) => void>(() => undefined);

function ResendButton({ row }: { row: Row }) {
  const [busy, setBusy] = useState(false);
  const reportOutcome = useContext(ReportOutcome);
  const resend = async () => {
    setBusy(true);
    try {
      await mutateRoute(outboxResend, { params: { id: row.id } });
      reportOutcome({ tone: 'success', recipient: row.recipient });
    } catch {
      reportOutcome({ tone: 'danger', recipient: row.recipient });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={resend} disabled={busy}>
      <T id="adminMail.resend" />
    </Button>
  );
}

/** A template's words, whatever its language variant (`password-reset-fr` is a password reset). */
const TEMPLATE_LABELS = {
  'step-notification': 'adminMail.template.stepNotification',
  'integration-validation': 'adminMail.template.integrationValidation',
  welcome: 'adminMail.template.welcome',
  'password-reset': 'adminMail.template.passwordReset',
  'feed-regression': 'adminMail.template.feedRegression',
  'health-alert': 'adminMail.template.healthAlert',
  'mfa-added': 'adminMail.template.mfaAdded',
  'mfa-removed': 'adminMail.template.mfaRemoved',
} as const satisfies Record<string, MessageId>;

function TemplateName({ topic }: { topic: string }) {
  const base = topic.replace(/-(default|fr|ru)$/, '');
  const label = (TEMPLATE_LABELS as Record<string, MessageId>)[base];
  // A topic the page does not know (one added later) still shows: its code name, not nothing.
  return label ? (
    <span title={topic}>
      <T id={label} />
    </span>
  ) : (
    <code>{topic}</code>
  );
}

const COLUMNS: ReadonlyArray<Column<Row, Draft, 'created'>> = [
  { key: 'recipient', label: 'adminMail.column.recipient', rowHeader: true, cell: (row) => row.recipient },
  { key: 'topic', label: 'adminMail.column.mail', cell: (row) => <TemplateName topic={row.topic} /> },
  { key: 'attempts', label: 'adminMail.column.attempts', cell: (row) => <T id="adminMail.attempts" values={{ count: row.attempts }} /> },
  {
    key: 'when',
    label: 'adminMail.column.when',
    cell: (row) =>
      row.state === 'dead' ? (
        <T id="adminMail.diedAt" values={{ at: <DateText value={row.updated} withTime /> }} />
      ) : (
        <T id="adminMail.nextTry" values={{ at: <DateText value={row.nextAt} withTime /> }} />
      ),
  },
  { key: 'lastError', label: 'adminMail.column.lastError', cell: (row) => row.lastError ?? <T id="adminMail.noError" /> },
  { key: 'created', label: 'adminMail.column.created', cell: (row) => <DateText value={row.created} withTime /> },
  { key: 'action', label: 'adminMail.column.action', cell: (row) => <ResendButton row={row} /> },
];

const UNUSED: [MessageId, MessageId] = ['adminMail.resend', 'adminMail.resend'];
const LABELS: ActionLabels = { edit: UNUSED, save: UNUSED, cancel: UNUSED, actions: 'adminMail.column.action', deleteConfirm: 'adminMail.resend' };
const STATES: readonly OutboxState[] = ['dead', 'pending'];

/**
 * /admin/mail: the mails the outbox gave up on (dead) or has not sent yet (pending), a page at a
 * time from the server (docs/reliability.md, "Mail"), each with "Send again".
 */
export function MailOutboxPage() {
  // No column sorts (the server's order: next try first, or newest dead first): the hook keeps the state and the page in the URL.
  const list = useListUrl<'created'>({ key: 'created', dir: 'asc' }, ['created']);
  const state: OutboxState = list.param('state') === 'pending' ? 'pending' : 'dead';
  const { data, error, mutate } = useRoute(outboxList, undefined, { query: { state, cursor: list.cursor ?? undefined }, keepPreviousData: true });
  const rows: Row[] | undefined = data?.deliveries.map((delivery) => ({ ...delivery, version: 0 }));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const edit = useRowEdit<Row, Draft>({
    data: rows,
    mutate: (() => mutate().then((page) => page?.deliveries.map((delivery) => ({ ...delivery, version: 0 })))) as KeyedMutator<Row[]>,
    name: (row) => row.recipient,
    notices: { failed: 'adminMail.resendFailed', deleted: 'adminMail.resent' },
  });
  return (
    <div className="page">
      <PageHeading />
      <Card>
        <p className="muted">
          <T id="adminMail.intro" />
        </p>
        <div className="list-toolbar">
          {STATES.map((option) => (
            <Button key={option} variant="secondary" aria-pressed={state === option} onClick={() => list.setParam('state', option === 'dead' ? null : option)}>
              <T id={option === 'dead' ? 'adminMail.state.dead' : 'adminMail.state.pending'} />
            </Button>
          ))}
        </div>
        {outcome && (
          <Callout tone={outcome.tone}>
            <T id={outcome.tone === 'success' ? 'adminMail.resent' : 'adminMail.resendFailed'} values={{ recipient: outcome.recipient }} />
          </Callout>
        )}
        <ReportOutcome.Provider value={setOutcome}>
        <ListState data={data} error={error}>
          {(page) => (
            <>
              <EditTable<Row, Draft, 'created'>
                editable={false}
                caption={state === 'dead' ? 'adminMail.caption.dead' : 'adminMail.caption.pending'}
                rows={rows ?? page.deliveries.map((delivery) => ({ ...delivery, version: 0 }))}
                columns={COLUMNS}
                sort={list.sort}
                onSort={() => undefined}
                edit={edit}
                labels={LABELS}
                name={(row) => row.recipient}
                preview={(row) => row}
                testId="mail-row"
                empty={<T id={state === 'dead' ? 'adminMail.empty.dead' : 'adminMail.empty.pending'} />}
              />
              <Pager list={list} next={page.next} shown={page.deliveries.length} label="adminMail.pager" />
            </>
          )}
        </ListState>
        </ReportOutcome.Provider>
      </Card>
    </div>
  );
}
