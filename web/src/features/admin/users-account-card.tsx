import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminUser, CreatedUser } from 'shared/domain/types';
import { usersWelcomeResend } from 'shared/routes';
import { DateText } from '../../i18n/dates';
import { T, type MessageId } from '../../i18n/t';
import { errorMessageId } from '../../lib/api/error-message';
import { mutateRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';

/**
 * The user's account on their edit page: the main company (a link to its edit page), the last
 * sign-in, and "Resend welcome e-mail": after a confirmation, a new temporary password and the
 * welcome e-mail again. Not offered for the protected administrator nor oneself (the server
 * refuses both); the new password is shown once, as at creation.
 */
export function UserAccountCard({ user, canResend }: { user: AdminUser; canResend: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<CreatedUser | null>(null);
  const [failure, setFailure] = useState<MessageId | null>(null);
  const resend = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setSent(await mutateRoute(usersWelcomeResend, { params: { id: user.id } }));
    } catch (error) {
      setFailure(errorMessageId(error));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <Card>
      <h2 className="us-title">
        <T id="adminUsers.account.title" />
      </h2>
      <dl className="us-facts">
        <dt>
          <T id="adminUsers.column.company" />
        </dt>
        <dd>{user.company ? <Link to={`/admin/companies/edit/${encodeURIComponent(user.companyId)}`}>{user.company}</Link> : '-'}</dd>
        <dt>
          <T id="adminUsers.column.lastSignIn" />
        </dt>
        <dd>{user.lastSignIn ? <DateText value={user.lastSignIn} withTime /> : <T id="adminUsers.lastSignIn.never" />}</dd>
      </dl>
      {canResend && (
        <>
          <p className="field-hint">
            <T id="adminUsers.welcome.intro" />
          </p>
          <Button variant="secondary" className="us-long-label" onClick={() => setOpen(true)}>
            <T id="adminUsers.welcome.resend" />
          </Button>
        </>
      )}
      {sent && (
        <Callout tone={sent.welcomeMailSent ? 'success' : 'warning'}>
          <T id="adminUsers.welcome.sent" values={{ login: sent.login }} /> <code className="us-secret">{sent.plainPassword}</code>
          <br />
          <T id={sent.welcomeMailSent ? 'adminUsers.created.mailSent' : 'adminUsers.created.mailFailed'} />
        </Callout>
      )}
      {failure && (
        <Callout tone="danger">
          <T id={failure} />
        </Callout>
      )}
      <ConfirmDialog
        open={open}
        message={<T id="adminUsers.welcome.confirm" values={{ login: user.login }} />}
        description={<T id="adminUsers.welcome.confirmText" />}
        confirmLabel={<T id="adminUsers.welcome.confirmButton" />}
        busy={busy}
        onConfirm={() => void resend()}
        onCancel={() => setOpen(false)}
      />
    </Card>
  );
}
