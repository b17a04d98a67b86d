import { useParams } from 'react-router-dom';
import { T } from '../../i18n/t';
import { RequestResetForm } from './request-reset-form';
import { TokenReset } from './token-reset';

/** /password-reset (ask for a link) and /password-reset/:token (choose a new password). */
export default function PasswordResetPage() {
  const { token } = useParams();
  return (
    <div className="auth-center">
      <div className="auth-card card">
        <span className="state-icon state-icon-primary" aria-hidden="true">
          <svg viewBox="0 0 24 24">
            <rect x="5" y="11" width="14" height="9" rx="2" />
            <path d="M8 11V8a4 4 0 017.5-2" />
          </svg>
        </span>
        <h1>
          <T id="reset.title" />
        </h1>
        {/* key: a new token in the URL starts a fresh check. */}
        {token ? <TokenReset key={token} token={token} /> : <RequestResetForm />}
      </div>
    </div>
  );
}
