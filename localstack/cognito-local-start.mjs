/**
 * Starts cognito-local (a child process of emulators.ts) with fixes, so the local stack signs in
 * as AWS does:
 * - Cognito checks the password BEFORE it answers a NEW_PASSWORD_REQUIRED challenge. cognito-local
 *   5.x answers the challenge to any password for an account created with a temporary one
 *   (lib/targets/initiateAuth.js), so a wrong password "worked" locally and was never counted by
 *   the sign-in throttle.
 * - AdminSetUserMFAPreference (an administrator turns a user's authenticator app off) is missing
 *   from cognito-local 5.x; it is added here with SetUserMFAPreference's rules, by pool and
 *   username. Turning TOTP off also forgets the secret, so an old app's codes never count again.
 * Plain JavaScript: node runs it as is, before cognito-local's own start.
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

Targets.AdminSetUserMFAPreference = ({ cognito }) => async (ctx, req) => {
  const pool = await cognito.getUserPool(ctx, req.UserPoolId);
  const user = await pool.getUserByUsername(ctx, req.Username ?? '');
  if (!user) throw new errors.UserNotFoundError('User does not exist');
  const software = req.SoftwareTokenMfaSettings;
  if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) throw new errors.InvalidParameterError('User has not verified software token MFA');
  const methods = new Set(user.UserMFASettingList ?? []);
  if (software) {
    if (software.Enabled) methods.add('SOFTWARE_TOKEN_MFA');
    else methods.delete('SOFTWARE_TOKEN_MFA');
  }
  const off = software && !software.Enabled;
  await pool.saveUser(ctx, {
    ...user,
    UserMFASettingList: [...methods],
    PreferredMfaSetting: software?.PreferredMfa ? 'SOFTWARE_TOKEN_MFA' : off && user.PreferredMfaSetting === 'SOFTWARE_TOKEN_MFA' ? undefined : user.PreferredMfaSetting,
    ...(off ? { SoftwareTokenMfaConfiguration: undefined } : {}),
  });
  return {};
};

await import('cognito-local/lib/bin/start.js');
