/**
 * The web ACL in front of CloudFront: per-address rate limits on sign-in and password reset, a
 * broader per-address ceiling on the whole API, and AWS's managed rule groups.
 *
 * A web ACL for CloudFront (scope CLOUDFRONT) can only be created in us-east-1, while the other
 * stacks deploy to whatever region the credentials name. So this stack alone is pinned to
 * us-east-1 (`env.region`; the account still comes from the credentials) and the Web stack reads
 * its `WebAclArn` output across regions with `Fn::GetStackOutput` (lib/web.ts). Needs the CDK
 * bootstrap in us-east-1 as well (docs/deploy.md).
 */
import { ArnFormat, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { keptWithNamePolicy, type StageConfig } from './config';
import { passwordResetRequest, securityLogin, securityNewPassword } from '../shared/routes';

/** CloudFront web ACLs live in us-east-1, whatever region the rest of the portal is in. */
export const WAF_REGION = 'us-east-1';
/** Output of the WAF stack that the Web stack reads (Fn::GetStackOutput). */
export const WEB_ACL_ARN_OUTPUT = 'WebAclArn';

/** The static part of a route path: `/api/security/password-reset/{token}` -> `/api/security/password-reset`. */
const staticPrefix = (path: string): string => path.split('/{')[0]!;

/**
 * Requests per client address in a 5-minute window before WAF answers 403 for the rest of the
 * window. Far above what one person does (the application's own backoff starts after 5 wrong
 * passwords per login and 50 per address, docs/auth.md "Throttling"); these stop floods that
 * would otherwise reach the functions and Cognito at all.
 */
export const wafRateLimits = {
  /** Sign-in and first-password calls (POST /api/security/login, /api/security/new-password). */
  signIn: { paths: [securityLogin.path, securityNewPassword.path], limit: 100 },
  /** Reset request, link check and completion (everything under /api/security/password-reset). */
  passwordReset: { paths: [staticPrefix(passwordResetRequest.path)], limit: 30 },
  /** Every /api call: a ceiling for scripted abuse of any route. */
  api: { paths: ['/api/'], limit: 3000 },
  windowSeconds: 300,
} as const;

export interface WafStackProps extends StackProps {
  readonly config: StageConfig;
}

export class WafStack extends Stack {
  readonly webAcl: CfnWebACL;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: WAF_REGION } });
    const { config } = props;
    const metric = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `portal-${config.stage}-${name}`,
      sampledRequestsEnabled: true,
    });

    // Paths compared after URL-decoding and lower-casing, so `/API/Security/Log%69n` counts too.
    const pathStartsWith = (path: string): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: path.toLowerCase(),
        textTransformations: [
          { priority: 0, type: 'URL_DECODE' },
          { priority: 1, type: 'LOWERCASE' },
        ],
      },
    });
    const anyPath = (paths: readonly string[]): CfnWebACL.StatementProperty =>
      paths.length === 1 ? pathStartsWith(paths[0]!) : { orStatement: { statements: paths.map(pathStartsWith) } };

    const rateRule = (name: string, priority: number, rule: { paths: readonly string[]; limit: number }): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: {} },
      statement: {
        rateBasedStatement: {
          // The viewer's address as CloudFront sees it (not a header a client could set).
          aggregateKeyType: 'IP',
          limit: rule.limit,
          evaluationWindowSec: wafRateLimits.windowSeconds,
          scopeDownStatement: anyPath(rule.paths),
        },
      },
      visibilityConfig: metric(name),
    });

    const managed = (
      name: string,
      priority: number,
      overrides: readonly { rule: string; why: string }[] = [],
    ): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          // Counted, not blocked: see each reason.
          ...(overrides.length ? { ruleActionOverrides: overrides.map(({ rule }) => ({ name: rule, actionToUse: { count: {} } })) } : {}),
        },
      },
      visibilityConfig: metric(name),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `portal-${config.stage}`,
      // CloudFormation allows letters, digits, spaces and =:#@/-,.+ only.
      description: `Onboarding portal, stage ${config.stage}: rate limits on sign-in and password reset, AWS managed rules`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: metric('web-acl'),
      rules: [
        managed('AWSManagedRulesAmazonIpReputationList', 0),
        rateRule('SignInRate', 1, wafRateLimits.signIn),
        rateRule('PasswordResetRate', 2, wafRateLimits.passwordReset),
        rateRule('ApiRate', 3, wafRateLimits.api),
        managed('AWSManagedRulesCommonRuleSet', 4, [
          {
            rule: 'SizeRestrictions_BODY',
            // Bodies above 8 KB are legitimate here: translation imports, CSP reports (up to
            // 64 KB); every handler validates its body against the route's schema.
            why: 'legitimate bodies above 8 KB (translations, CSP reports)',
          },
        ]),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 5),
      ],
    });

    // WAF logging: the requests a rule blocked or counted, one JSON line each, in a log group of
    // this region (WAF requires the `aws-waf-logs-` prefix). Allowed requests are left out (the
    // access logs have them); cookies and the authorization header are redacted (sessions).
    this.logGroup = new LogGroup(this, 'WafLogs', {
      logGroupName: `aws-waf-logs-portal-${config.stage}`,
      retention: config.retainData ? RetentionDays.ONE_YEAR : RetentionDays.ONE_MONTH,
      removalPolicy: keptWithNamePolicy(config),
    });
    new CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: this.webAcl.attrArn,
      // The log group's ARN without the trailing `:*` that CloudFormation's Arn attribute carries.
      logDestinationConfigs: [Stack.of(this).formatArn({ service: 'logs', resource: 'log-group', resourceName: this.logGroup.logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      redactedFields: [{ singleHeader: { Name: 'cookie' } }, { singleHeader: { Name: 'authorization' } }],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      },
    });

    new CfnOutput(this, WEB_ACL_ARN_OUTPUT, {
      description: 'Web ACL of the CloudFront distribution (read by the Web stack)',
      value: this.webAcl.attrArn,
    });
  }
}
