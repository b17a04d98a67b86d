import { Field, Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { WEBHOOK_EVENTS, WEBHOOK_FORMATS, WEBHOOK_SIGNATURE_HEADER, type Webhook, type WebhookAttempt, type WebhookEventType, type WebhookFormat, type WebhookWithSecret } from 'shared/domain/webhooks';
import { WEBHOOK_NAME_MAX_LENGTH, WEBHOOK_URL_MAX_LENGTH, webhookCreateSchema } from 'shared/schemas/webhooks';
import { webhooksAttempts, webhooksCreate, webhooksDelete, webhooksList, webhooksRotate, webhooksTest } from 'shared/routes';
import { DateText } from '../../i18n/dates';
import type { MessageId } from '../../i18n/messages/en';
import { T, useT } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { fieldMessageId } from '../../lib/api/error-message';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { SecretOnce } from '../../ui/secret-once';
import { ConfirmDialog } from '../../ui/dialog';
import { EditTable, type ActionLabels, type Column } from '../../ui/edit-table';
import { ErrorText } from '../../ui/error-text';
import { ListState } from '../../ui/list-state';
import { PageHeading } from '../../ui/page-heading';
import type { Sort } from '../../ui/table-tools';
import { useRowEdit } from '../../ui/use-row-edit';
import './webhooks.css';

/**
 * /company/webhooks (docs/product.md, "Webhooks"): the company's endpoints told of its data-health
 * changes and finished feed checks. Added with a name, an https address, a format and events; the
 * signing secret shows once (after creation and after each new secret); each endpoint's last
 * deliveries and a test button below the list.
 */

interface HookForm {
  name: string;
  url: string;
  format: WebhookFormat;
  events: string[];
}
const EMPTY: HookForm = { name: '', url: '', format: 'json', events: [...WEBHOOK_EVENTS] };

const LABELS: ActionLabels = {
  delete: ['webhooks.delete', 'webhooks.deleteLabel'],
  actions: 'webhooks.actions',
  deleteConfirm: 'webhooks.deleteConfirm',
  deleteDescription: 'webhooks.deleteDescription',
};
// In the server's order (oldest first): no sortable column.
const UNSORTED: Sort<'name'> = { key: 'name', dir: 'asc' };

const EVENT_LABELS: Record<WebhookEventType, MessageId> = {
  'data-health.changed': 'webhooks.event.data-health.changed',
  'feed-check.finished': 'webhooks.event.feed-check.finished',
  'webhook.test': 'webhooks.event.webhook.test',
};
const eventLabel = (event: WebhookEventType) => EVENT_LABELS[event];

export function WebhooksPage() {
  const { data, error, mutate } = useRoute(webhooksList);
  const [secret, setSecret] = useState<{ shown: WebhookWithSecret; rotated: boolean } | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const edit = useRowEdit<Webhook, object>({
    data,
    mutate,
    remove: (row) => mutateRoute(webhooksDelete, { params: { id: row.id }, body: { version: row.version } }),
    name: (row) => row.name,
    notices: { failed: 'webhooks.actionFailed', deleted: 'webhooks.deleted' },
  });
  const columns = useMemo<ReadonlyArray<Column<Webhook, object>>>(
    () => [
      { key: 'name', label: 'webhooks.name', rowHeader: true, cell: (row) => row.name },
      { key: 'url', label: 'webhooks.url', className: 'webhook-url', cell: (row) => row.url },
      { key: 'format', label: 'webhooks.format', cell: (row) => <T id={`webhooks.format.${row.format}`} /> },
      { key: 'events', label: 'webhooks.events', cell: (row) => row.events.map((event) => <T key={event} id={eventLabel(event)} />).reduce<ReactNode[]>((all, one) => (all.length ? [...all, ', ', one] : [one]), []) },
      {
        key: 'log',
        label: 'webhooks.show',
        cell: (row) => (
          <ShowLog row={row} open={openId === row.id} onToggle={() => setOpenId(openId === row.id ? null : row.id)} />
        ),
      },
    ],
    [openId],
  );
  const open = data?.find((row) => row.id === openId) ?? null;
  return (
    <div className="page webhooks-page">
      <PageHeading />
      <Card>
        <p className="muted webhook-lead">
          <T id="webhooks.lead" />
        </p>
        <HookCreateForm onCreated={(shown) => setSecret({ shown, rotated: false })} />
        {secret ? <ShownSecret {...secret} onDone={() => setSecret(null)} /> : null}
      </Card>
      <Card>
        <h2 className="card-title">
          <T id="webhooks.tableTitle" />
        </h2>
        <ListState data={data} error={error} empty="webhooks.empty">
          <EditTable
            rows={data ?? []}
            columns={columns}
            edit={edit}
            editable
            name={(row) => row.name}
            preview={(row) => row}
            labels={LABELS}
            caption="webhooks.tableTitle"
            hiddenCaption
            sort={UNSORTED}
            onSort={() => undefined}
            testId="webhook-row"
          />
        </ListState>
      </Card>
      {open ? <DeliveryLog key={open.id} hook={open} onRotated={(shown) => setSecret({ shown, rotated: true })} /> : null}
    </div>
  );
}

function ShowLog({ row, open, onToggle }: { row: Webhook; open: boolean; onToggle: () => void }) {
  const t = useT();
  return (
    <Button variant="secondary" aria-expanded={open} aria-label={t('webhooks.showLabel', { name: row.name })} onClick={onToggle}>
      <T id="webhooks.show" />
    </Button>
  );
}

/** The secret, this once (after a creation or a new secret): the receiver checks signatures with it. */
function ShownSecret({ shown, rotated, onDone }: { shown: WebhookWithSecret; rotated: boolean; onDone: () => void }) {
  return (
    <SecretOnce
      id="webhook-secret"
      title={<T id="webhooks.secretTitle" values={{ name: shown.webhook.name }} />}
      label="webhooks.secret"
      secret={shown.secret}
      words={{ copy: 'webhooks.copy', copied: 'webhooks.copied', done: 'webhooks.done' }}
      className="webhook"
      onDone={onDone}
    >
      <p>
        <T id="webhooks.secretOnce" values={{ header: <code>{WEBHOOK_SIGNATURE_HEADER}</code> }} />
      </p>
      {rotated ? (
        <p>
          <T id="webhooks.secretOverlap" />
        </p>
      ) : null}
    </SecretOnce>
  );
}

/** One endpoint's last tries, its test button and its new-secret button. */
function DeliveryLog({ hook, onRotated }: { hook: Webhook; onRotated: (shown: WebhookWithSecret) => void }) {
  const { data, error, mutate } = useRoute(webhooksAttempts, { id: hook.id });
  const [tested, setTested] = useState(false);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (caught) {
      setFailure(caught);
    } finally {
      setBusy(false);
    }
  };
  const sendTest = () =>
    run(async () => {
      await mutateRoute(webhooksTest, { params: { id: hook.id } });
      setTested(true);
    });
  const rotate = () =>
    run(async () => {
      setAsking(false);
      onRotated(await mutateRoute(webhooksRotate, { params: { id: hook.id }, body: { version: hook.version } }));
    });
  const rows = useMemo<LogRow[]>(() => (data ?? []).map((attempt) => ({ ...attempt, id: `${attempt.deliveryId}#${attempt.attempt}`, version: 0 })), [data]);
  // Read-only rows: the table's edit state is never used (no actions column).
  const edit = useRowEdit<LogRow, object>({ data: rows, mutate: (async () => rows) as never, name: (row) => row.at, notices: { failed: 'webhooks.actionFailed', deleted: 'webhooks.deleted' } });
  return (
    <Card>
      <h2 className="card-title">
        <T id="webhooks.logTitle" values={{ name: hook.name }} />
      </h2>
      <div className="webhook-actions">
        <Button onClick={() => void sendTest()} loading={busy}>
          <T id="webhooks.sendTest" />
        </Button>
        <Button variant="secondary" onClick={() => void mutate()}>
          <T id="webhooks.refresh" />
        </Button>
        <Button variant="secondary" onClick={() => setAsking(true)} disabled={busy}>
          <T id="webhooks.rotate" />
        </Button>
      </div>
      {tested ? (
        <p className="muted" role="status">
          <T id="webhooks.testSent" />
        </p>
      ) : null}
      {failure ? <ErrorText error={failure} /> : null}
      <ListState data={data} error={error} empty="webhooks.logEmpty">
        <EditTable
          rows={rows}
          columns={LOG_COLUMNS}
          edit={edit}
          editable={false}
          name={(row) => row.at}
          preview={(row) => row}
          labels={LABELS}
          caption="webhooks.logTitle"
          hiddenCaption
          sort={UNSORTED}
          onSort={() => undefined}
          testId="webhook-attempt"
        />
      </ListState>
      <ConfirmDialog
        open={asking}
        message={<T id="webhooks.rotateConfirm" values={{ name: hook.name }} />}
        description={<T id="webhooks.rotateDescription" />}
        confirmLabel={<T id="webhooks.rotateGo" />}
        busy={busy}
        onConfirm={() => void rotate()}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}

/** The guard's codes a user can act on; any other is "the call failed". */
const ERROR_LABELS: Partial<Record<string, MessageId>> = {
  status: 'webhooks.error.status',
  redirect: 'webhooks.error.redirect',
  timeout: 'webhooks.error.timeout',
  address: 'webhooks.error.address',
  dns: 'webhooks.error.dns',
  connection: 'webhooks.error.connection',
};

type LogRow = WebhookAttempt & { id: string; version: number };

const LOG_COLUMNS: ReadonlyArray<Column<LogRow, object>> = [
  { key: 'at', label: 'webhooks.col.at', rowHeader: true, cell: (row) => <DateText value={row.at} withTime /> },
  { key: 'event', label: 'webhooks.col.event', cell: (row) => <T id={eventLabel(row.event)} /> },
  { key: 'attempt', label: 'webhooks.col.attempt', cell: (row) => <Count value={row.attempt} /> },
  { key: 'status', label: 'webhooks.col.status', cell: (row) => (row.status === null ? <T id="webhooks.noAnswer" /> : `HTTP ${row.status}`) },
  {
    key: 'result',
    label: 'webhooks.col.result',
    cell: (row) => (
      <>
        <span className={`badge webhook-state-${row.state}`}>
          <T id={`webhooks.state.${row.state}`} />
        </span>
        {row.error ? (
          <span className="muted small webhook-error">
            {' '}
            <T id={ERROR_LABELS[row.error] ?? 'webhooks.error.other'} />
          </span>
        ) : null}
      </>
    ),
  },
];

function Count({ value }: { value: number }) {
  return <>{useIntl().formatNumber(value)}</>;
}

function HookCreateForm({ onCreated }: { onCreated: (created: WebhookWithSecret) => void }) {
  const t = useT();
  const intl = useIntl();
  const [failure, setFailure] = useState<unknown>(null);
  const submit = async (values: HookForm, helpers: FormikHelpers<HookForm>) => {
    setFailure(null);
    try {
      const created = await mutateRoute(webhooksCreate, { body: { name: values.name, url: values.url.trim(), format: values.format, events: values.events as Webhook['events'] } as never });
      helpers.resetForm();
      onCreated(created);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) helpers.setErrors(error.fieldErrors as never);
      else setFailure(error);
    }
  };
  const fieldError = (id: string, message: unknown) =>
    typeof message === 'string' && message ? (
      <p className="field-error" id={id} role="alert">
        {t(fieldMessageId(message, intl.messages))}
      </p>
    ) : null;
  return (
    <Formik initialValues={EMPTY} validationSchema={webhookCreateSchema} onSubmit={submit}>
      {({ errors, touched, isSubmitting }) => (
        <Form noValidate aria-labelledby="webhook-create-title">
          <h2 id="webhook-create-title" className="card-title">
            <T id="webhooks.createTitle" />
          </h2>
          <div className="webhook-form">
            <div className="field">
              <label className="field-label" htmlFor="webhook-name">
                <T id="webhooks.name" />
              </label>
              <Field id="webhook-name" name="name" className="input" maxLength={WEBHOOK_NAME_MAX_LENGTH} required aria-invalid={touched.name && errors.name ? true : undefined} aria-describedby={touched.name && errors.name ? 'webhook-name-error' : undefined} />
              {touched.name ? fieldError('webhook-name-error', errors.name) : null}
            </div>
            <div className="field">
              <label className="field-label" htmlFor="webhook-url">
                <T id="webhooks.url" />
              </label>
              <Field id="webhook-url" name="url" type="url" inputMode="url" placeholder="https://" className="input" maxLength={WEBHOOK_URL_MAX_LENGTH} required aria-invalid={touched.url && errors.url ? true : undefined} aria-describedby={touched.url && errors.url ? 'webhook-url-error' : undefined} />
              {touched.url ? fieldError('webhook-url-error', errors.url) : null}
            </div>
            <div className="field">
              <label className="field-label" htmlFor="webhook-format">
                <T id="webhooks.format" />
              </label>
              <Field as="select" id="webhook-format" name="format" className="input">
                {WEBHOOK_FORMATS.map((format) => (
                  <option key={format} value={format}>
                    {t(`webhooks.format.${format}`)}
                  </option>
                ))}
              </Field>
            </div>
            <fieldset className="field webhook-events" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
              <legend className="field-label">
                <T id="webhooks.events" />
              </legend>
              {WEBHOOK_EVENTS.map((event) => (
                <label key={event} className="checkbox">
                  <Field type="checkbox" name="events" value={event} /> <T id={eventLabel(event)} />
                </label>
              ))}
              {fieldError('webhook-events-error', errors.events)}
            </fieldset>
          </div>
          <Button type="submit" loading={isSubmitting}>
            <T id="webhooks.create" />
          </Button>
          {failure ? <ErrorText error={failure} /> : null}
        </Form>
      )}
    </Formik>
  );
}
