/**
 * Starts cognito-local (a child process of emulators.ts) with one fix, so the local stack signs in
 * as AWS does: Cognito checks the password BEFORE it answers a NEW_PASSWORD_REQUIRED challenge.
 * cognito-local 5.x answers the challenge to any password for an account created with a temporary
 * one (lib/targets/initiateAuth.js), so a wrong password "worked" locally and was never counted by
 * the sign-in throttle. Plain JavaScript: node runs it as is, before cognito-local's own start.
 */
import targets from 'cognito-local/lib/targets/targets.js';
import errors from 'cognito-local/lib/errors.js';

const { Targets } = targets;
const initiateAuth = Targets.InitiateAuth;
Targets.InitiateAuth = (services) => {
  const run = initiateAuth(services);
  return async (ctx, req) => {
    if (req.AuthFlow === 'USER_PASSWORD_AUTH') {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.AuthParameters?.USERNAME ?? '');
      if (user && user.UserStatus === 'FORCE_CHANGE_PASSWORD' && user.Password !== req.AuthParameters?.PASSWORD) throw new errors.InvalidPasswordError();
    }
    return run(ctx, req);
  };
};

await import('cognito-local/lib/bin/start.js');
