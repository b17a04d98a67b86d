import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { configureApi } from '../lib/api/client';
import { CURRENT_USER_KEY } from '../lib/api/session';
import { loginRedirectFor, mfaSetupPathFor } from '../lib/redirect';
import { showServerError } from './server-error';

/** Connects the plain API client to the router (401 -> /login) and to the error page (500). */
export function ApiBridge() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
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
      }),
    [navigate, mutate],
  );
  return null;
}
