import { Form, Formik } from 'formik';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { CurrentUser, LoginAnswer } from 'shared/domain/types';
import { loginSchema } from 'shared/schemas/security';
import { securityLogin, securityMfa, securityNewPassword } from 'shared/routes';
import { ApiError } from '../../lib/api/client';
import { errorMessageId } from '../../lib/api/error-message';
import { CURRENT_USER_KEY } from '../../lib/api/session';
import { mutateRoute } from '../../lib/api/use-route';
import { T, type MessageId } from '../../i18n/t';
import { BrandMark } from '../../ui/brand-mark';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { FormField } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { ErrorText } from '../../ui/error-text';

// The second steps are chunks of their own, fetched when the first form is sent: the first route
// stays inside its 150 KB budget (docs/web.md, "Code splitting and size").
const loadMfaCodeForm = () => import('../../ui/mfa-code-form');
const loadPasswordChangeForm = () => import('../../ui/password-change-form');
const MfaCodeForm = lazy(() => loadMfaCodeForm().then((module) => ({ default: module.MfaCodeForm })));
const PasswordChangeForm = lazy(() => loadPasswordChangeForm().then((module) => ({ default: module.PasswordChangeForm })));

/** A message id, or a failure whose text needs more than an id (a 429 says how long to wait). */
type Notice = MessageId | { error: unknown };

/** Any other failure: the API's error code in words (too many attempts...), or the generic text. */
const noticeFor = (error: unknown): Notice => (error instanceof ApiError && error.status === 429 ? { error } : errorMessageId(error));
const NoticeText = ({ notice }: { notice: Notice }) => (typeof notice === 'string' ? <T id={notice} /> : <ErrorText error={notice.error} />);

/**
 * Sign-in (spec, Sign-in). On success the signed-in user is written to the SWR cache; the
 * route guard of /login then sends the user to ?redirect= (same-origin only) or /dashboard.
 */
export default function LoginPage() {
  const { mutate } = useSWRConfig();
  const [notice, setNotice] = useState<Notice | null>(null);
  // A failed sign-in moves the focus to its message, so screen-reader and keyboard users learn
  // what happened where they are (the emptied password field is right below it).
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const [challenge, setChallenge] = useState<{ username: string; session: string } | null>(null);
  // The temporary password just typed (memory only): the chosen one must differ, or the e-mailed secret stays the password.
  const temporary = useRef('');
  // An account with an authenticator app: the code is the second step.
  const [codeStep, setCodeStep] = useState<{ username: string; session: string } | null>(null);

  const signedIn = (user: CurrentUser) => mutate(CURRENT_USER_KEY, user, { revalidate: false });
  /** Every answer that ends the sign-in form: a session, the next challenge, or the app's set-up. */
  const onAnswer = async (answer: LoginAnswer, username: string) => {
    if (answer.status === 'new-password-required') setChallenge({ username, session: answer.session });
    else if (answer.status === 'mfa-required') {
      setChallenge(null);
      setCodeStep({ username, session: answer.session });
    }
    // A user who must set up an authenticator app first carries mfaSetupRequired: the route guard sends them there.
    else await signedIn(answer.user);
  };

  const sendCode = async (code: string) => {
    if (!codeStep) return;
    setNotice(null);
    try {
      await onAnswer(await mutateRoute(securityMfa, { body: { ...codeStep, code }, auth: 'none' }), codeStep.username);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setCodeStep(null);
        setNotice('login.newPassword.expired');
      } else if (error instanceof ApiError && error.status === 400 && error.fieldErrors.code) return error.fieldErrors;
      else setNotice(noticeFor(error));
    }
  };

  const choosePassword = async (password: string) => {
    if (!challenge) return;
    if (password === temporary.current) return { password: 'validation.passwordSameAsTemporary' };
    setNotice(null);
    try {
      await onAnswer(await mutateRoute(securityNewPassword, { body: { ...challenge, password }, auth: 'none' }), challenge.username);
    } catch (error) {
      // 401: the sign-in session expired; start over from the sign-in form.
      if (error instanceof ApiError && error.status === 401) {
        setChallenge(null);
        setNotice('login.newPassword.expired');
      }
      // The user pool's password rules (400, 'validation.passwordPolicy'): under the field.
      else if (error instanceof ApiError && error.status === 400 && error.fieldErrors.password) return error.fieldErrors;
      else setNotice(noticeFor(error));
    }
  };

  return (
    <div className="auth-layout">
      <aside className="auth-aside">
        <Link to="/" className="auth-brand">
          <BrandMark />
          <span>
            <T id="app.brand" />
          </span>
        </Link>
        <div className="auth-aside-body">
          <p className="auth-aside-title">
            <T id="login.aside.title" />
          </p>
          <p className="auth-aside-text">
            <T id="login.aside.text" />
          </p>
          <ul className="auth-checklist" aria-hidden="true">
            <li className="done">
              <T id="nav.googleAnalytics" />
            </li>
            <li className="done">
              <T id="nav.utmManagement" />
            </li>
            <li>
              <T id="nav.orderFeed" />
            </li>
          </ul>
        </div>
        <Link to="/" className="auth-back">
          ← <T id="login.backHome" />
        </Link>
      </aside>

      <div className="auth-main">
        <div className="auth-card card">
          {codeStep ? (
            <>
              <h1>
                <T id="login.mfa.title" />
              </h1>
              <p className="muted">
                <T id="login.mfa.intro" />
              </p>
              {notice && <Callout tone="danger">{<NoticeText notice={notice} />}</Callout>}
              <Suspense fallback={<Spinner />}>
                <MfaCodeForm submitLabel="login.mfa.submit" onSubmit={sendCode} />
              </Suspense>
              <p className="form-row-end">
                <Button variant="ghost" onClick={() => setCodeStep(null)}>
                  <T id="login.mfa.back" />
                </Button>
              </p>
            </>
          ) : challenge ? (
            <>
              <h1>
                <T id="login.newPassword.title" />
              </h1>
              <p className="muted">
                <T id="login.newPassword.intro" />
              </p>
              {notice && <Callout tone="danger">{<NoticeText notice={notice} />}</Callout>}
              <Suspense fallback={<Spinner />}>
                <PasswordChangeForm
                  passwordLabel="login.newPassword.password"
                  repeatLabel="login.newPassword.repeat"
                  submitLabel="login.newPassword.submit"
                  onSubmit={choosePassword}
                />
              </Suspense>
            </>
          ) : (
            <>
              <h1>
                <T id="login.title" />
              </h1>
              <p className="muted">
                <T id="login.subtitle" />
              </p>
              {notice && (
                <div ref={noticeRef} tabIndex={-1} className="notice-focus">
                  <Callout tone="danger">
                    <NoticeText notice={notice} />
                  </Callout>
                </div>
              )}
              <Formik
                initialValues={{ username: '', password: '' }}
                validationSchema={loginSchema}
                validateOnChange={false}
                onSubmit={async (values, helpers) => {
                  setNotice(null);
                  // Either may be the next step: fetched while the server answers.
                  void loadMfaCodeForm().catch(() => undefined);
                  void loadPasswordChangeForm().catch(() => undefined);
                  try {
                    const body = loginSchema.cast(values);
                    temporary.current = body.password;
                    await onAnswer(await mutateRoute(securityLogin, { body, auth: 'none' }), body.username);
                  } catch (error) {
                    if (error instanceof ApiError && error.status === 401) {
                      // The password was wrong (or the login): empty it, keep the login.
                      helpers.setFieldValue('password', '', false);
                      helpers.setFieldTouched('password', false, false);
                      setNotice('login.invalid');
                      queueMicrotask(() => noticeRef.current?.focus());
                    }
                    // Field errors (message ids) go under their fields; a 400 without any (bad request) is said above.
                    else if (error instanceof ApiError && error.status === 400 && (error.fieldErrors.username || error.fieldErrors.password))
                      helpers.setErrors(error.fieldErrors);
                    else setNotice(noticeFor(error));
                  }
                }}
              >
                {({ values, isSubmitting }) => (
                  <Form noValidate className="form-stack">
                    <FormField name="username" label="login.email" type="email" autoComplete="username" inputMode="email" required />
                    <FormField name="password" label="login.password" type="password" autoComplete="current-password" required />
                    <p className="form-row-end">
                      <Link to="/password-reset" className="small">
                        <T id="login.forgot" />
                      </Link>
                    </p>
                    {/* Disabled when both fields are empty or while signing in (spec). */}
                    <Button type="submit" block loading={isSubmitting} disabled={!values.username && !values.password}>
                      <T id={isSubmitting ? 'login.submitting' : 'login.submit'} />
                    </Button>
                  </Form>
                )}
              </Formik>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
