import { useState } from 'react';
import type { CurrentUser } from 'shared/domain/types';
import { usersUpdatePreferences } from 'shared/routes';
import { T } from '../../i18n/t';
import { mutateRoute } from '../../lib/api/use-route';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';

/**
 * The data-health alert e-mails (docs/product.md, "Data health"): on unless the user turned them
 * off. The switch shows the choice at once and goes back when the server refuses it; the saved
 * answer reaches every page through the re-read of /api/users/current (the route's `stale`).
 */
export function HealthAlerts({ user }: { user: CurrentUser }) {
  const saved = user.healthAlerts ?? true;
  const [pending, setPending] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const change = async (healthAlerts: boolean) => {
    // Not disabled while saving (a disabled switch drops the keyboard focus): a second change waits for the first.
    if (pending !== null) return;
    setPending(healthAlerts);
    setFailed(false);
    try {
      await mutateRoute(usersUpdatePreferences, { body: { healthAlerts } });
    } catch {
      setFailed(true);
    } finally {
      setPending(null);
    }
  };
  return (
    <Card className="profile-alerts" aria-labelledby="profile-alerts">
      <h2 id="profile-alerts" className="card-heading">
        <T id="profile.alerts" />
      </h2>
      <label className="profile-toggle">
        <input
          type="checkbox"
          role="switch"
          checked={pending ?? saved}
          aria-busy={pending !== null}
          aria-describedby="profile-alerts-hint"
          onChange={(event) => void change(event.target.checked)}
        />
        <T id="profile.healthAlerts" />
      </label>
      <p id="profile-alerts-hint" className="muted small">
        <T id="profile.healthAlerts.hint" />
      </p>
      {failed && (
        <Callout tone="danger">
          <T id="profile.healthAlerts.failed" />
        </Callout>
      )}
    </Card>
  );
}
