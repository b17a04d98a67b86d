/** Cognito: the user pool (login = e-mail), the web app client and the three role groups. */
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  UserPool,
  UserPoolClient,
  UserPoolGroup,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { passwordMinLength, type StageConfig } from './config';
import { userPool as poolDef } from '../functions/platform/config/resources';

export interface AuthStackProps extends StackProps {
  readonly config: StageConfig;
}

export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;
    const policy = poolDef.passwordPolicy;

    this.userPool = new UserPool(this, 'UserPool', {
      // UsernameAttributes=email: the login is the e-mail and Cognito's internal username is a
      // generated id (the sub), as the local provisioning and functions/platform/users-admin.ts expect.
      signInAliases: { email: true },
      signInCaseSensitive: poolDef.signInCaseSensitive,
      // As the local provisioning (AutoVerifiedAttributes email). Users are created with
      // email_verified=true and MessageAction SUPPRESS, so Cognito itself mails nothing.
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      selfSignUpEnabled: false,
      // Our own reset flow (token by e-mail), so Cognito's forgot-password is off.
      accountRecovery: AccountRecovery.NONE,
      passwordPolicy: {
        minLength: passwordMinLength(config),
        requireLowercase: policy.requireLowercase,
        requireUppercase: policy.requireUppercase,
        requireDigits: policy.requireDigits,
        requireSymbols: policy.requireSymbols,
        tempPasswordValidity: Duration.days(policy.temporaryPasswordValidityDays),
      },
      // TOTP (an authenticator app) may be set up by every user; no SMS. Requiring it for
      // administrators is the sign-in flow's job (docs/deploy.md, "MFA"): Cognito cannot make it
      // mandatory for one group only.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // No managed login, no threat protection used: the free Lite plan is enough.
      featurePlan: FeaturePlan.LITE,
      deletionProtection: config.retainData,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    const c = poolDef.client;
    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: c.name,
      // USER_PASSWORD_AUTH (+ ALLOW_REFRESH_TOKEN_AUTH, which the CDK always adds).
      authFlows: { userPassword: true },
      generateSecret: false,
      preventUserExistenceErrors: c.preventUserExistenceErrors,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.minutes(c.accessTokenValidityMinutes),
      idTokenValidity: Duration.minutes(c.idTokenValidityMinutes),
      refreshTokenValidity: Duration.days(c.refreshTokenValidityDays),
      // The portal signs in through its own API; no hosted UI, no OAuth redirects.
      disableOAuth: true,
    });

    for (const group of poolDef.groups) {
      new UserPoolGroup(this, `Group${group}`, { userPool: this.userPool, groupName: group });
    }

    // For `npm run create-admin` (docs/deploy.md, "First administrator").
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
  }
}
