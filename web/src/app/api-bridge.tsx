import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { unstable_serialize, useSWRConfig } from 'swr';
import type { CurrentUser } from 'shared/domain/types';
import { configureApi } from '../lib/api/client';
import { CURRENT_USER_KEY } from '../lib/api/session';
import { showNotice } from '../lib/notice';
import { loginRedirectFor, mfaSetupPathFor } from '../lib/redirect';
import { showServerError } from './server-error';
import { companyChanged } from './shell/company-changed';

/**
 * Connects the plain API client to the router (401 -> /login), to the error page (500), to the
 * cached current user, whose company every company-scoped call names (409 company-changed: read
 * again, with a notice), and to the SWR cache a write's stale routes are read again in.
 */
const currentUserCacheKey = unstable_serialize(CURRENT_USER_KEY);

export function ApiBridge() {
  const navigate = useNavigate();
  const { mutate, cache } = useSWRConfig();
  useEffect(
    () =>
      configureApi({
        onUnauthorized: (redirect) => {
          // Forget the user first so the /login guard does not bounce straight back.
          void mutate(CURRENT_USER_KEY, null, { revalidate: false });
          navigate(loginRedirectFor(redirect), { replace: true });
        },
        onServerError: showServerError,
        onMfaSetupRequired: (redirect) => navigate(mfaSetupPathFor(redirect), { replace: true }),
        shownCompany: () => (cache.get(currentUserCacheKey)?.data as CurrentUser | null | undefined)?.currentCompany?.id,
        onCompanyChanged: () => companyChanged(mutate),
        // SWR keys are routeKey's `[route id, params]`: every params of each stale route.
        refreshRoutes: (ids) => mutate((key) => Array.isArray(key) && ids.includes(key[0] as string)),
        setRouteAnswer: (id, answer) => mutate([id, {}], answer, { revalidate: false }),
        onRetrying: () => showNotice('api.retrying'),
      }),
    [navigate, mutate, cache],
  );
  return null;
}
