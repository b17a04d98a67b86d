import { Field, Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { API_TOKEN_DAYS, type ApiToken, type ApiTokenCreated, type ApiTokenDays } from 'shared/domain/api-tokens';
import { API_TOKEN_NAME_MAX_LENGTH, apiTokenCreateSchema } from 'shared/schemas/api-tokens';
import { apiTokensCreate, apiTokensList, apiTokensRevoke } from 'shared/routes';
import { DateText } from '../../i18n/dates';
import { T, useT } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { fieldMessageId } from '../../lib/api/error-message';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { SecretOnce } from '../../ui/secret-once';
import { EditTable, type ActionLabels, type Column } from '../../ui/edit-table';
import { ErrorText } from '../../ui/error-text';
import { ListState } from '../../ui/list-state';
import { PageHeading } from '../../ui/page-heading';
import type { Sort } from '../../ui/table-tools';
import { useRowEdit } from '../../ui/use-row-edit';
import './api-tokens.css';

/**
 * /company/api-tokens (docs/auth.md, "API tokens"): the company's read-only tokens for its own BI
 * tools. Made with a name and a lifetime; the secret shows once, right after; revoked from the list.
 */

interface TokenForm {
  name: string;
  days: ApiTokenDays;
}
const EMPTY: TokenForm = { name: '', days: 90 };

const LABELS: ActionLabels = {
  delete: ['apiTokens.revoke', 'apiTokens.revokeLabel'],
  actions: 'apiTokens.actions',
  deleteConfirm: 'apiTokens.revokeConfirm',
  deleteDescription: 'apiTokens.revokeDescription',
};
// Newest first, as the server answers: no sortable column.
const UNSORTED: Sort<'name'> = { key: 'name', dir: 'asc' };

export function ApiTokensPage() {
  const { data, error, mutate } = useRoute(apiTokensList);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const edit = useRowEdit<ApiToken, object>({
    data,
    mutate,
    remove: (row) => mutateRoute(apiTokensRevoke, { params: { id: row.id }, body: { version: row.version } }),
    name: (row) => row.name,
    notices: { failed: 'apiTokens.actionFailed', deleted: 'apiTokens.revoked' },
  });
  const columns = useMemo<ReadonlyArray<Column<ApiToken, object>>>(
    () => [
      { key: 'name', label: 'apiTokens.name', rowHeader: true, cell: (row) => row.name },
      { key: 'created', label: 'apiTokens.created', cell: (row) => <DateText value={row.created} /> },
      { key: 'expires', label: 'apiTokens.expires', cell: (row) => <Expiry token={row} /> },
      { key: 'lastUsed', label: 'apiTokens.lastUsed', cell: (row) => (row.lastUsedAt ? <DateText value={row.lastUsedAt} withTime /> : <T id="apiTokens.neverUsed" />) },
    ],
    [],
  );
  return (
    <div className="page api-tokens-page">
      <PageHeading />
      <Card>
        <p className="muted api-token-lead">
          <T id="apiTokens.lead" />
        </p>
        <TokenCreateForm onCreated={(answer) => setCreated(answer)} />
        {created ? <CreatedSecret created={created} onDone={() => setCreated(null)} /> : null}
      </Card>
      <Card>
        <h2 className="card-title">
          <T id="apiTokens.tableTitle" />
        </h2>
        <ListState data={data} error={error} empty="apiTokens.empty" notice={edit.notice}>
          <EditTable
            rows={data ?? []}
            columns={columns}
            edit={edit}
            editable
            name={(row) => row.name}
            preview={(row) => row}
            labels={LABELS}
            caption="apiTokens.tableTitle"
            hiddenCaption
            sort={UNSORTED}
            onSort={() => undefined}
            testId="api-token-row"
          />
        </ListState>
      </Card>
    </div>
  );
}

/** The expiry day, and "expired" once it passed (the token then answers 401 until revoked). */
function Expiry({ token }: { token: ApiToken }) {
  return (
    <>
      <DateText value={token.expires} />
      {Date.parse(token.expires) <= Date.now() ? (
        <>
          {' '}
          <span className="badge api-token-expired">
            <T id="apiTokens.expired" />
          </span>
        </>
      ) : null}
    </>
  );
}

/** The secret, this once: to copy now (the portal keeps only its hash). */
function CreatedSecret({ created, onDone }: { created: ApiTokenCreated; onDone: () => void }) {
  return (
    <SecretOnce
      id="api-token-secret"
      title={<T id="apiTokens.createdTitle" values={{ name: created.token.name }} />}
      label="apiTokens.secret"
      secret={created.secret}
      words={{ copy: 'apiTokens.copy', copied: 'apiTokens.copied', done: 'apiTokens.done' }}
      className="api-token"
      onDone={onDone}
    >
      <p>
        <T id="apiTokens.createdOnce" />
      </p>
      <p className="muted small">
        <T id="apiTokens.usage" values={{ header: <code>Authorization: Bearer …</code> }} />
      </p>
    </SecretOnce>
  );
}

function TokenCreateForm({ onCreated }: { onCreated: (created: ApiTokenCreated) => void }) {
  const t = useT();
  const intl = useIntl();
  const [failure, setFailure] = useState<unknown>(null);
  const submit = async (values: TokenForm, helpers: FormikHelpers<TokenForm>) => {
    setFailure(null);
    try {
      const created = await mutateRoute(apiTokensCreate, { body: { name: values.name, days: Number(values.days) } });
      helpers.resetForm();
      onCreated(created);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) helpers.setErrors(error.fieldErrors as never);
      else setFailure(error);
    }
  };
  const fieldError = (id: string, message: string | undefined) =>
    message ? (
      <p className="field-error" id={id} role="alert">
        {t(fieldMessageId(message, intl.messages))}
      </p>
    ) : null;
  return (
    <Formik initialValues={EMPTY} validationSchema={apiTokenCreateSchema} onSubmit={submit}>
      {({ errors, touched, isSubmitting }) => (
        <Form noValidate aria-labelledby="api-token-create-title">
          <h2 id="api-token-create-title" className="card-title">
            <T id="apiTokens.createTitle" />
          </h2>
          <div className="api-token-form">
            <div className="field">
              <label className="field-label" htmlFor="api-token-name">
                <T id="apiTokens.name" />
              </label>
              <Field
                id="api-token-name"
                name="name"
                className="input"
                maxLength={API_TOKEN_NAME_MAX_LENGTH}
                required
                aria-invalid={touched.name && errors.name ? true : undefined}
                aria-describedby={touched.name && errors.name ? 'api-token-name-error' : undefined}
              />
              {touched.name ? fieldError('api-token-name-error', errors.name) : null}
            </div>
            <div className="field">
              <label className="field-label" htmlFor="api-token-days">
                <T id="apiTokens.lifetime" />
              </label>
              <Field as="select" id="api-token-days" name="days" className="input">
                {API_TOKEN_DAYS.map((days) => (
                  <option key={days} value={days}>
                    {t('apiTokens.days', { days })}
                  </option>
                ))}
              </Field>
              {fieldError('api-token-days-error', errors.days)}
            </div>
            <Button type="submit" loading={isSubmitting}>
              <T id="apiTokens.create" />
            </Button>
          </div>
          {failure ? <ErrorText error={failure} /> : null}
        </Form>
      )}
    </Formik>
  );
}
