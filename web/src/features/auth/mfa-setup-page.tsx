import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { MfaEnrolment } from 'shared/domain/types';
import { securityMfaRemove, securityMfaSetup, securityMfaSetupVerify } from 'shared/routes';
import { mfaSetupSchema } from 'shared/schemas/security';
import { ApiError } from '../../lib/api/client';
import { errorMessageId } from '../../lib/api/error-message';
import { useCurrentUser } from '../../lib/api/session';
import { mutateRoute } from '../../lib/api/use-route';
import { safeRedirect } from '../../lib/redirect';
import { T, useT, type MessageId } from '../../i18n/t';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { MfaCodeForm } from '../../ui/mfa-code-form';
import { QrCode } from '../../ui/qr-code';

/** The key in groups of four, as authenticator apps show and users type it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * /mfa-setup: an authenticator app (TOTP) as the second sign-in step. Administrators are sent
 * here first where the stage requires it (?required=1); everyone may come from the user menu.
 * Adding (or removing) an app asks for the current password: a session alone changes nothing.
 */
export default function MfaSetupPage() {
  const t = useT();
  const [search] = useSearchParams();
  const required = search.get('required') === '1';
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const [done, setDone] = useState(false);
  const [notice, setNotice] = useState<MessageId | null>(null);
  // The password typed to start (memory only): the verify call asks for it again.
  const [password, setPassword] = useState('');
  const enrolled = useCurrentUser().user?.mfaEnrolled === true;
  const [removed, setRemoved] = useState(false);

  const start = async (typed: string) => {
    setNotice(null);
    setStarting(true);
    try {
      setEnrolment(await mutateRoute(securityMfaSetup, { body: { password: typed } }));
      setPassword(typed);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fieldErrors.password) return error.fieldErrors;
      setNotice(errorMessageId(error));
    } finally {
      setStarting(false);
    }
  };

  const verify = async (code: string) => {
    setNotice(null);
    try {
      await mutateRoute(securityMfaSetupVerify, { body: { password, code } });
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fieldErrors.code) return error.fieldErrors;
      setNotice(errorMessageId(error));
    }
  };

  const remove = async (code: string, typed: string) => {
    setNotice(null);
    try {
      await mutateRoute(securityMfaRemove, { body: { password: typed, code } });
      setRemoved(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && (error.fieldErrors.code || error.fieldErrors.password)) return error.fieldErrors;
      setNotice(errorMessageId(error));
    }
  };

  return (
    <div className="page mfa-setup">
      <h1>
        <T id="route.mfaSetup" />
      </h1>
      <Card>
        <p>
          <T id={required ? 'mfaSetup.intro.required' : 'mfaSetup.intro.optional'} />
        </p>
        {notice && <Callout tone="danger">{<T id={notice} />}</Callout>}
        {done ? (
          <>
            <Callout tone="success">
              <T id="mfaSetup.done" />
            </Callout>
            {/* A fresh load: every answer the shell cached while the session was limited (403s, the user) goes. */}
            <Button onClick={() => window.location.assign(safeRedirect(search.get('redirect')))}>
              <T id="mfaSetup.continue" />
            </Button>
          </>
        ) : !enrolment ? (
          <Formik
            initialValues={{ password: '' }}
            validationSchema={mfaSetupSchema}
            validateOnChange={false}
            onSubmit={async (values, helpers) => {
              const errors = await start(values.password);
              if (errors?.password) helpers.setErrors({ password: errors.password });
            }}
          >
            <Form noValidate className="form-stack mfa-start">
              <FormField name="password" label="mfa.currentPassword" type="password" autoComplete="current-password" maxLength={256} required hint={<T id="mfa.currentPasswordHint" />} />
              <Button type="submit" loading={starting}>
                <T id="mfaSetup.start" />
              </Button>
            </Form>
          </Formik>
        ) : (
          <ol className="mfa-steps">
            <li>
              <T id="mfaSetup.step1" />
            </li>
            <li>
              <T id="mfaSetup.step2" />
              <div className="mfa-qr">
                <QrCode value={enrolment.uri} label={t('mfaSetup.qrAlt')} />
                <p>
                  <T id="mfaSetup.key" />{' '}
                  <code className="mfa-key">{grouped(enrolment.secret)}</code>
                </p>
              </div>
            </li>
            <li>
              <T id="mfaSetup.step3" />
              <MfaCodeForm submitLabel="mfaSetup.submit" onSubmit={verify} />
            </li>
          </ol>
        )}
      </Card>
      {enrolled && !done && (
        <Card>
          <h2 className="mfa-remove-title">
            <T id="mfaRemove.title" />
          </h2>
          {removed ? (
            <Callout tone="success">
              <T id="mfaRemove.done" />
            </Callout>
          ) : (
            <>
              <p>
                <T id="mfaRemove.intro" />
              </p>
              <MfaCodeForm submitLabel="mfaRemove.submit" withPassword onSubmit={remove} />
            </>
          )}
        </Card>
      )}
    </div>
  );
}
