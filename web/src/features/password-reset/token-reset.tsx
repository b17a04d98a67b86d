import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatPortalDate } from '../../i18n/dates';
import { Link } from 'react-router-dom';
import { passwordResetCheck, passwordResetComplete } from 'shared/routes';
import { ApiError } from '../../lib/api/client';
import { errorMessageId } from '../../lib/api/error-message';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { T, type MessageId } from '../../i18n/t';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { PasswordChangeForm } from '../../ui/password-change-form';
import { Spinner } from '../../ui/spinner';

/** Token check (loader), then the new-password form, then success; or the invalid-token message. */
export function TokenReset({ token }: { token: string }) {
  // SWR checks the link once (no retry, no refresh on focus: a used link stays used).
  const check = useRoute(passwordResetCheck, { token }, { auth: 'none', shouldRetryOnError: false, revalidateOnFocus: false, revalidateOnReconnect: false });
  const [outcome, setOutcome] = useState<'changed' | 'invalid' | null>(null);
  const [failure, setFailure] = useState<MessageId | null>(null);
  // The owner's explicit choice (off unless ticked): remove the authenticator app with this reset.
  const [removeMfa, setRemoveMfa] = useState(false);
  const mfa = check.data?.mfa;
  const intl = useIntl();
  // The spec: the token is valid when the answer's `token` equals the one in the URL.
  const state = outcome ?? (check.data?.token === token ? 'valid' : check.error || check.data ? 'invalid' : 'checking');

  const change = async (password: string) => {
    setFailure(null);
    try {
      await mutateRoute(passwordResetComplete, { params: { token }, body: { password, removeMfa: Boolean(mfa) && removeMfa }, auth: 'none' });
      setOutcome('changed');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setOutcome('invalid');
      // The password rules of the user pool (400, 'validation.passwordPolicy'): under the field.
      else if (error instanceof ApiError && error.status === 400 && error.fieldErrors.password) return error.fieldErrors;
      // Anything else (too many attempts, network...): said in words; the user may retry.
      else setFailure(errorMessageId(error));
    }
  };

  if (state === 'checking') {
    return (
      <div className="reset-checking">
        <Spinner />
        <p className="muted" aria-hidden="true">
          <T id="reset.checking" />
        </p>
      </div>
    );
  }

  if (state === 'invalid') {
    return (
      <>
        <Callout tone="warning">
          <T id="reset.invalid" />
        </Callout>
        {/* "Try again does nothing visible" (spec): it re-checks the token quietly, no loader. */}
        <Button
          variant="secondary"
          block
          onClick={() => void check.mutate().then((answer) => answer?.token === token && setOutcome(null), () => undefined)}
        >
          <T id="reset.tryAgain" />
        </Button>
      </>
    );
  }

  if (state === 'changed') {
    return (
      <>
        <Callout tone="success">
          <T id="reset.success" />
        </Callout>
        <Link className="btn btn-primary btn-block" to="/login">
          <T id="reset.backToSignIn" />
        </Link>
      </>
    );
  }

  return (
    <>
      <p className="muted">
        <T id="reset.form.intro" />
      </p>
      {failure && (
        <Callout tone="danger">
          <T id={failure} />
        </Callout>
      )}
      {mfa && (
        <div className="reset-mfa">
          <Callout tone="info">
            {mfa.since ? (
              <T id="reset.mfa.since" values={{ date: formatPortalDate(intl, mfa.since) }} />
            ) : (
              <T id="reset.mfa.on" />
            )}
          </Callout>
          <label className="checkbox-row">
            <input type="checkbox" checked={removeMfa} onChange={(event) => setRemoveMfa(event.target.checked)} />
            <span>
              <T id="reset.mfa.remove" />
            </span>
          </label>
        </div>
      )}
      <PasswordChangeForm
        passwordLabel="reset.form.password"
        repeatLabel="reset.form.repeat"
        submitLabel="reset.form.submit"
        onSubmit={change}
      />
    </>
  );
}
