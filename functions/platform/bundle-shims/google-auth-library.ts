/**
 * Stands in for `google-auth-library` in Lambda bundles (lib/bundling.ts `bundleAliases`). The
 * analytics provider signs in with its own client (functions/platform/google-auth.ts) and hands it
 * to the googleapis per-API clients as `auth`; googleapis-common still names the library's classes
 * as it loads (`class AuthPlus extends GoogleAuth`, re-exports), never using them unless asked to
 * sign in by itself. These classes let it load and refuse to be used: 156 KB less to compile at
 * every cold start of the analytics functions (docs/analytics.md, "Cold start").
 */
class NotBundled {
  constructor() {
    throw new Error('google-auth-library is not bundled in the portal functions: sign in with functions/platform/google-auth.ts');
  }
}

export class GoogleAuth extends NotBundled {}
export class OAuth2Client extends NotBundled {}
export class JWT extends OAuth2Client {}
export class Compute extends OAuth2Client {}
export class UserRefreshClient extends OAuth2Client {}
export class BaseExternalAccountClient extends NotBundled {}
export class ExternalAccountClient extends NotBundled {}
export class IdentityPoolClient extends BaseExternalAccountClient {}
export class AwsClient extends BaseExternalAccountClient {}
