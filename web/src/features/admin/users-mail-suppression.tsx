import { useState } from 'react';
import { useIntl } from 'react-intl';
import { usersMailSuppression, usersMailSuppressionLift } from 'shared/routes';
import { formatPortalDate } from '../../i18n/dates';
import { T, type MessageId } from '../../i18n/t';
import { errorMessageId } from '../../lib/api/error-message';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';

/**
 * The user's address no longer gets the portal's mail because SES reported it as bounced hard or
 * complaining (docs/deploy.md, "Bounces and complaints"): said on the user's edit page with why
 * and since when, and lifted here (after the address was fixed, or the user asked to be mailed again).
 * Shows nothing while there is none.
 */
export function UserMailSuppression({ userId }: { userId: string }) {
  const intl = useIntl();
  const { data } = useRoute(usersMailSuppression, { id: userId });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<MessageId | null>(null);
  const suppression = data?.suppression;
  if (!suppression) return null;
  const lift = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await mutateRoute(usersMailSuppressionLift, { params: { id: userId } });
    } catch (error) {
      setFailure(errorMessageId(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Callout tone="warning">
      <p>
        <T
          id={suppression.type === 'complaint' ? 'adminUsers.suppression.complaint' : 'adminUsers.suppression.bounce'}
          values={{ date: formatPortalDate(intl, suppression.at, true) }}
        />
      </p>
      <p className="field-hint">
        <T id="adminUsers.suppression.reason" values={{ reason: suppression.reason }} />
      </p>
      {failure && (
        <p role="alert">
          <T id={failure} />
        </p>
      )}
      <Button variant="secondary" loading={busy} onClick={() => void lift()}>
        <T id="adminUsers.suppression.lift" />
      </Button>
    </Callout>
  );
}
