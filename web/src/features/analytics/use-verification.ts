import { useCallback, useRef, useState } from 'react';
import type { AccessCheckAnswer, DimensionCheckAnswer } from 'shared/domain/analytics';
import { analyticsAccess, analyticsDimension, analyticsEvents } from 'shared/routes';
import { mutateRoute } from '../../lib/api/use-route';
import { IDLE, runsAccess, runsDimension, type Outcome, type VerificationMode, type VerificationValues } from './verification-model';

export interface Verification {
  access: Outcome<AccessCheckAnswer>;
  dimension: Outcome<DimensionCheckAnswer>;
  loading: boolean;
  /** Runs the page's checks; resolves when they have answered (never throws: failures are outcomes). */
  check(values: VerificationValues): Promise<void>;
}

/**
 * The checks of a verification page: the access check first (combined and access pages), then,
 * when the dimension counts and access was granted, the dimension or events check. Each check
 * resets the dimension verdict (spec 4: undefined at the start of a check). Afterwards the steps
 * (the server completes ga_access / ga_dimension), the company (first view id / dimension index
 * stored) and the imported traffic are read again (the routes' `stale` lists in shared/routes.ts),
 * so the dashboard and the UTM page are current.
 */
export function useVerification(mode: VerificationMode): Verification {
  const [access, setAccess] = useState<Outcome<AccessCheckAnswer>>(IDLE);
  const [dimension, setDimension] = useState<Outcome<DimensionCheckAnswer>>(IDLE);
  const [loading, setLoading] = useState(false);
  // A second click cannot start a second run before React re-renders the disabled button.
  const running = useRef(false);

  const check = useCallback(
    async (values: VerificationValues) => {
      if (running.current) return;
      running.current = true;
      setLoading(true);
      const withDimension = runsDimension(mode, values);
      const viewId = values.view_id.trim();
      try {
        if (runsAccess(mode)) {
          setAccess({ state: 'loading' });
          setDimension(withDimension ? { state: 'loading' } : IDLE);
          let answer: AccessCheckAnswer;
          try {
            answer = await mutateRoute(analyticsAccess, { body: { view_id: viewId } });
          } catch (error) {
            setAccess({ state: 'failed', error });
            setDimension(IDLE);
            return;
          }
          setAccess({ state: 'answered', answer });
          if (answer.code !== 200 || answer.errors.length > 0) {
            setDimension(IDLE);
            return;
          }
        }
        if (!withDimension) return;
        setDimension({ state: 'loading' });
        try {
          const dimensionIndex = values.dimension.trim();
          const answer =
            values.method === 'events'
              ? await mutateRoute(analyticsEvents, { body: { view_id: viewId, dimension: dimensionIndex, event_action: values.event_action.trim() } })
              : await mutateRoute(analyticsDimension, { body: { view_id: viewId, dimension: dimensionIndex } });
          setDimension({ state: 'answered', answer });
        } catch (error) {
          setDimension({ state: 'failed', error });
        }
      } finally {
        running.current = false;
        setLoading(false);
      }
    },
    [mode],
  );

  return { access, dimension, loading, check };
}
