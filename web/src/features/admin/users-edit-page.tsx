import { Formik, type FormikErrors } from 'formik';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { AdminUser, Role } from 'shared/domain/types';
import { isLongEnough, passwordMinLength } from 'shared/schemas/password-policy';
import { userFieldProblem, type UserUpdateField, type UserUpdateRequest } from 'shared/schemas/users';
import { usersGet, usersMfaReset, usersUpdate } from 'shared/routes';
import { T, type MessageId } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { errorMessageId } from '../../lib/api/error-message';
import { useCurrentUser } from '../../lib/api/session';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { showNotice } from '../../lib/notice';
import { LEAVING_SAVED } from '../../lib/use-unsaved-changes';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { PageHeading } from '../../ui/page-heading';
import { AuditSection } from './audit-history';
import { Spinner } from '../../ui/spinner';
import { UserAccountCard } from './users-account-card';
import { UnsavedFormGuard } from '../../ui/unsaved-form-guard';
import { CompanySelect, ManagedCompaniesPicker, RoleSelect } from './users-fields';
import { UserMailSuppression } from './users-mail-suppression';
import './users-admin.css';
import { ErrorText } from '../../ui/error-text';

interface EditValues {
  login: string;
  firstName: string;
  lastName: string;
  role: Role;
  company: string;
  managedCompanies: string[];
  password: string;
}

type InfoField = Exclude<keyof EditValues, 'password'>;
const INFO_FIELDS: InfoField[] = ['login', 'firstName', 'lastName', 'role', 'company', 'managedCompanies'];

/** A manager whose list is just the main company chose none (the server's rule): the picker starts empty. */
function initialValues(user: AdminUser): EditValues {
  const onlyMain = user.managedCompanies.length === 1 && user.managedCompanies[0] === user.company;
  return {
    login: user.login,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    company: user.company,
    managedCompanies: user.role === 'ROLE_MANAGER' && !onlyMain ? user.managedCompanies : [],
    password: '',
  };
}

const sameList = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** The changed info fields as the spec's `data`: role as `roles`, managed companies as JSON text of names. */
function changedData(initial: EditValues, values: EditValues): UserUpdateRequest['data'] {
  const data: UserUpdateRequest['data'] = [];
  for (const field of INFO_FIELDS) {
    if (field === 'managedCompanies') {
      const next = values.role === 'ROLE_MANAGER' ? values.managedCompanies : [];
      if (!sameList(initial.managedCompanies, next)) data.push({ field, value: JSON.stringify(next) });
    } else if (field === 'role') {
      if (values.role !== initial.role) data.push({ field: 'roles', value: [values.role] });
    } else if (values[field].trim() !== initial[field].trim()) {
      data.push({ field, value: values[field].trim() });
    }
  }
  return data;
}

/** The shared per-field rules (shared/schemas/users.ts), as Formik errors. */
function validate(values: EditValues): FormikErrors<EditValues> {
  const errors: FormikErrors<EditValues> = {};
  const check = (name: keyof EditValues, field: UserUpdateField, value: unknown) => {
    const problem = userFieldProblem(field, value);
    if (problem) (errors as Record<string, string>)[name] = problem;
  };
  check('login', 'login', values.login);
  check('firstName', 'firstName', values.firstName);
  check('lastName', 'lastName', values.lastName);
  check('role', 'roles', [values.role]);
  check('company', 'company', values.company);
  if (values.password) check('password', 'password', values.password);
  return errors;
}

/** The server's 400 names `data[i].value` (or a field): the form's field names, role for roles. */
function formErrors(errors: Record<string, string>, body: UserUpdateRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const index = /^data\[(\d+)\]/.exec(key)?.[1];
    const field = index === undefined ? key : (body.data[Number(index)]?.field ?? key);
    out[field === 'roles' ? 'role' : field] = message;
  }
  return out;
}

/** /admin/users/edit/{id}: 'Update User Info' and 'Change User Password' (spec "User edit"). */
export function UserEditPage() {
  const { id } = useParams();
  // Its one user, not the list (a 404 is "not found").
  const { data, error } = useRoute(usersGet, { id: id ?? '' }, { shouldRetryOnError: false });
  const notFound = error?.status === 404;
  const user = data;
  return (
    <div className="page us-grid">
      <PageHeading />
      {/* A failed re-read of a record already on screen keeps its form and what was typed in it: the save tells. */}
      {error && !notFound && !data ? (
        <Callout tone="danger" title={<T id="common.somethingWrong" />}>
          <ErrorText error={error} />
        </Callout>
      ) : !data && !notFound ? (
        <Spinner />
      ) : !user ? (
        <Callout tone="warning">
          <T id="adminUsers.edit.notFound" /> <Link to="/admin/users"><T id="adminUsers.edit.back" /></Link>
        </Callout>
      ) : (
        <EditForms key={`${user.id}:${user.version}`} user={user} />
      )}
      {user ? <AuditSection of={{ subject: user.id }} /> : null}
    </div>
  );
}

function EditForms({ user }: { user: AdminUser }) {
  const navigate = useNavigate();
  const [saving, setSaving] = useState<'info' | 'password' | null>(null);
  const [failure, setFailure] = useState<MessageId | null>(null);
  const initial = initialValues(user);
  // The server refuses it too: another admin setting this account's password would take it over.
  const currentUserId = useCurrentUser().user?.id;
  const passwordLocked = user.protected && user.id !== currentUserId;
  // The server's other rules (functions/core/users/update-user.ts): the protected administrator's
  // login never changes; nobody changes their own role or the protected administrator's.
  const loginLocked = user.protected;
  const roleLocked: MessageId | null = user.protected ? 'adminUsers.edit.protectedRole' : user.id === currentUserId ? 'adminUsers.edit.ownRole' : null;

  return (
    <Formik<EditValues> initialValues={initial} validate={validate} onSubmit={() => undefined}>
      {({ values, errors, setErrors, setTouched }) => {
        const data = changedData(initial, values);
        const infoValid = INFO_FIELDS.every((field) => !errors[field]);
        const passwordTyped = values.password.length > 0;
        const updateDisabled = data.length === 0 || saving !== null || passwordTyped || !infoValid;
        const passwordDisabled = !values.password || !isLongEnough(values.password) || saving !== null;

        const save = async (kind: 'info' | 'password', body: UserUpdateRequest) => {
          setSaving(kind);
          setFailure(null);
          try {
            await mutateRoute(usersUpdate, { params: { id: user.id }, body });
            // The login may have just changed: the notice names the saved one.
            const email = kind === 'info' ? values.login.trim().toLowerCase() : user.login;
            showNotice(kind === 'password' ? 'notice.passwordSet' : 'notice.userSaved', { email }, '/admin/users');
            navigate('/admin/users', { state: LEAVING_SAVED });
          } catch (error) {
            if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
              const errors = formErrors(error.fieldErrors, body);
              await setTouched(Object.fromEntries(Object.keys(errors).map((k) => [k, true])), false);
              setErrors(errors);
            } else if (error instanceof ApiError && error.status === 409 && /login/i.test(error.message)) {
              setErrors({ login: 'adminUsers.error.loginTaken' });
            } else setFailure(errorMessageId(error));
            setSaving(null);
          }
        };

        return (
          <>
            <UnsavedFormGuard />
            {failure && (
              <Callout tone="danger">
                <T id={failure} />
              </Callout>
            )}
            <UserMailSuppression userId={user.id} />
            <div className="us-edit-grid">
              <Card>
                <h2 className="us-title" id="user-info-title">
                  <T id="adminUsers.edit.info" />
                </h2>
                <form
                  className="us-form"
                  noValidate
                  aria-labelledby="user-info-title"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (!updateDisabled) void save('info', { version: user.version, data });
                  }}
                >
                  <FormField
                    name="login"
                    label="adminUsers.field.login"
                    type="email"
                    required
                    maxLength={254}
                    autoComplete="off"
                    disabled={loginLocked}
                    hint={loginLocked ? <T id="adminUsers.edit.protectedLogin" /> : undefined}
                  />
                  <FormField name="firstName" label="adminUsers.field.firstName" maxLength={100} autoComplete="off" />
                  <FormField name="lastName" label="adminUsers.field.lastName" maxLength={100} autoComplete="off" />
                  <RoleSelect disabled={roleLocked !== null} hint={roleLocked && <T id={roleLocked} />} />
                  <CompanySelect />
                  <ManagedCompaniesPicker enabled={values.role === 'ROLE_MANAGER'} />
                  {passwordTyped && (
                    <p className="field-hint us-wide">
                      <T id="adminUsers.edit.passwordTyped" />
                    </p>
                  )}
                  <div className="us-actions-row">
                    <Button type="submit" disabled={updateDisabled} loading={saving === 'info'}>
                      <T id="adminUsers.edit.update" />
                    </Button>
                    <Link className="btn btn-ghost" to="/admin/users">
                      <T id="adminUsers.edit.back" />
                    </Link>
                  </div>
                </form>
              </Card>
              <Card>
                <h2 className="us-title" id="user-password-title">
                  <T id="adminUsers.edit.password" />
                </h2>
                {passwordLocked ? (
                  <p className="field-hint">
                    <T id="adminUsers.edit.protectedPassword" />
                  </p>
                ) : (
                  <form
                    className="form-stack"
                    noValidate
                    aria-labelledby="user-password-title"
                    onSubmit={(event) => {
                      event.preventDefault();
                      if (!passwordDisabled) void save('password', { version: user.version, data: [{ field: 'password', value: values.password }] });
                    }}
                  >
                    <FormField
                      name="password"
                      label="adminUsers.edit.newPassword"
                      type="password"
                      autoComplete="new-password"
                      maxLength={256}
                      hint={<T id="adminUsers.edit.passwordHint" values={{ min: passwordMinLength() }} />}
                      values={{ min: passwordMinLength() }}
                    />
                    <Button type="submit" disabled={passwordDisabled} loading={saving === 'password'}>
                      <T id="adminUsers.edit.changePassword" />
                    </Button>
                  </form>
                )}
              </Card>
              <UserAccountCard user={user} canResend={!user.protected && user.id !== currentUserId} />
              {user.mfaEnrolled && !user.protected && user.id !== currentUserId && <MfaResetCard user={user} />}
            </div>
          </>
        );
      }}
    </Formik>
  );
}

/**
 * The way back for a user who lost their authenticator app: after a confirmation, the app is
 * turned off (the server refuses it for the protected administrator and for oneself) and the
 * user is told by e-mail; their next sign-in takes the password alone.
 */
function MfaResetCard({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<MessageId | null>(null);
  const reset = async () => {
    setBusy(true);
    try {
      await mutateRoute(usersMfaReset, { params: { id: user.id } });
      setOutcome('adminUsers.mfa.done');
    } catch (error) {
      setOutcome(errorMessageId(error));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <Card>
      <h2 className="us-title">
        <T id="adminUsers.mfa.title" />
      </h2>
      {outcome ? (
        <Callout tone={outcome === 'adminUsers.mfa.done' ? 'success' : 'danger'}>
          <T id={outcome} />
        </Callout>
      ) : (
        <>
          <p className="field-hint">
            <T id="adminUsers.mfa.intro" />
          </p>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            <T id="adminUsers.mfa.reset" />
          </Button>
        </>
      )}
      <Dialog
        open={open}
        title={<T id="adminUsers.mfa.confirmTitle" />}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              <T id="adminUsers.mfa.cancel" />
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void reset()}>
              <T id="adminUsers.mfa.confirm" />
            </Button>
          </>
        }
      >
        <p>
          <T id="adminUsers.mfa.confirmText" values={{ login: user.login }} />
        </p>
      </Dialog>
    </Card>
  );
}
