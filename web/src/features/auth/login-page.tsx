import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { CurrentUser } from 'shared/domain/types';
import { loginSchema } from 'shared/schemas/security';
import { securityLogin, securityNewPassword } from 'shared/routes';
import { ApiError } from '../../lib/api/client';
import { CURRENT_USER_KEY } from '../../lib/api/session';
import { mutateRoute } from '../../lib/api/use-route';
import { T, useT, type MessageId } from '../../i18n/t';
import { BrandMark } from '../../ui/brand-mark';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { FormField } from '../../ui/form-field';
import { PasswordChangeForm } from '../../ui/password-change-form';

type Notice = 'login.invalid' | 'login.newPassword.expired' | 'common.somethingWrong' | 'common.comingSoon.text';

const noticeFor = (error: unknown): Notice =>
  error instanceof ApiError && error.notImplemented ? 'common.comingSoon.text' : 'common.somethingWrong';

/**
 * Sign-in (spec, Sign-in). On success the signed-in user is written to the SWR cache; the
 * route guard of /login then sends the user to ?redirect= (same-origin only) or /dashboard.
 */
export default function LoginPage() {
  const t = useT();
  const { mutate } = useSWRConfig();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [challenge, setChallenge] = useState<{ username: string; session: string } | null>(null);

  const signedIn = (user: CurrentUser) => mutate(CURRENT_USER_KEY, user, { revalidate: false });

  const choosePassword = async (password: string) => {
    if (!challenge) return;
    try {
      const answer = await mutateRoute(securityNewPassword, { body: { ...challenge, password }, auth: 'none' });
      if (answer.status === 'signed-in') await signedIn(answer.user);
    } catch (error) {
      // 401: the sign-in session expired; start over from the sign-in form.
      if (error instanceof ApiError && error.status === 401) {
        setChallenge(null);
        setNotice('login.newPassword.expired');
      } else setNotice(noticeFor(error));
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
          {challenge ? (
            <>
              <h1>
                <T id="login.newPassword.title" />
              </h1>
              <p className="muted">
                <T id="login.newPassword.intro" />
              </p>
              {notice && <Callout tone="danger">{<T id={notice} />}</Callout>}
              <PasswordChangeForm
                passwordLabel="login.newPassword.password"
                repeatLabel="login.newPassword.repeat"
                submitLabel="login.newPassword.submit"
                onSubmit={choosePassword}
              />
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
                <Callout tone={notice === 'common.comingSoon.text' ? 'info' : 'danger'}>
                  <T id={notice} />
                </Callout>
              )}
              <Formik
                initialValues={{ username: '', password: '' }}
                validationSchema={loginSchema}
                validateOnChange={false}
                onSubmit={async (values, helpers) => {
                  setNotice(null);
                  try {
                    const body = loginSchema.cast(values);
                    const answer = await mutateRoute(securityLogin, { body, auth: 'none' });
                    if (answer.status === 'new-password-required') setChallenge({ username: body.username, session: answer.session });
                    else await signedIn(answer.user);
                  } catch (error) {
                    if (error instanceof ApiError && error.status === 401) setNotice('login.invalid');
                    else if (error instanceof ApiError && error.status === 400) helpers.setErrors(error.fieldErrors);
                    else setNotice(noticeFor(error));
                  }
                }}
              >
                {({ values, errors, touched, isSubmitting, getFieldProps }) => (
                  <Form noValidate className="form-stack">
                    <FormField
                      label={<T id="login.email" />}
                      type="email"
                      autoComplete="username"
                      inputMode="email"
                      {...getFieldProps('username')}
                      error={touched.username && errors.username ? t(errors.username as MessageId) : undefined}
                    />
                    <FormField
                      label={<T id="login.password" />}
                      type="password"
                      autoComplete="current-password"
                      {...getFieldProps('password')}
                      error={touched.password && errors.password ? t(errors.password as MessageId) : undefined}
                    />
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
