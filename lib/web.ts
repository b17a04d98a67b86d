/**
 * The web app: a private bucket behind CloudFront (origin access control), with `/api/*`
 * forwarded to the HTTP API so the SPA and the API share one origin (cookies, no CORS).
 */
import { existsSync } from 'node:fs';
import { Annotations, CfnOutput, Duration, Fn, Lazy, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { CfnPolicy, Policy } from 'aws-cdk-lib/aws-iam';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { passwordMinLength, type StageConfig } from './config';
import { COMPANY_HEADER, IDEMPOTENCY_HEADER } from '../shared/routes';
import { ACCEPT_ENCODING_HEADER, ORIGIN_VERIFY_HEADER } from '../functions/platform/config/resources';
import { WEB_BUILD_SETTINGS_FILE, webBuildMismatch } from './definitions/web-build';
import { contentSecurityPolicy, extraSecurityHeaders } from './definitions/security-headers';
import { originSecretValue } from './environment';
import { fromRoot } from './paths';

export interface WebStackProps extends StackProps {
  readonly config: StageConfig;
  readonly httpApi: IHttpApi;
  /** The browser uploads feeds to it with a presigned POST: the CSP must allow that origin. */
  readonly feedBucket: IBucket;
  /** Where CloudFront writes its standard logs (data stack, ACLs enabled). */
  readonly accessLogs: IBucket;
  /** Built app; deployed when it exists. */
  readonly webDist?: string;
  /**
   * ARN of the web ACL (lib/waf.ts, in us-east-1), usually a cross-region `Fn::GetStackOutput`.
   * Absent on the LocalStack stage only.
   */
  readonly webAclArn?: string;
}

/**
 * SPA fallback on the default (bucket) behaviour only: extension-less paths are app routes and
 * get /index.html; files keep their path. Distribution-wide error responses are not used, they
 * would also rewrite the API's 403/404 answers.
 */
export const spaRewriteCode = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * /api/* viewer requests: the viewer's Accept-Encoding as ACCEPT_ENCODING_HEADER. CloudFront
 * compresses only answers a cache policy with gzip lets it cache (/api/* is never cached), and an
 * origin request policy may not forward Accept-Encoding itself; so the API compresses its answers
 * (functions/platform/compress.ts) and learns from this header whether the viewer takes gzip.
 */
export const apiViewerRequestCode = `function handler(event) {
  var request = event.request;
  var accepted = request.headers['accept-encoding'];
  if (accepted) request.headers['${ACCEPT_ENCODING_HEADER}'] = { value: accepted.value };
  return request;
}`;

/**
 * The CDK's BucketDeployment grants cloudfront:CreateInvalidation and GetInvalidation on `*`;
 * both take a distribution ARN, so its provider's role gets this distribution's only. Rewrites
 * the statement in the role's policy at synthesis (the CDK offers no option) and fails the
 * synthesis if the CDK stops writing it, so the scope cannot silently widen again.
 */
function scopeInvalidationToDistribution(deployment: BucketDeployment, distribution: Distribution): void {
  const policy = deployment.handlerRole.node.tryFindChild('DefaultPolicy') as Policy | undefined;
  const cfn = policy?.node.defaultChild as CfnPolicy | undefined;
  if (!cfn) throw new Error('BucketDeployment: its provider role has no DefaultPolicy to scope');
  const original = cfn.policyDocument as unknown;
  cfn.policyDocument = Lazy.any({
    produce: () => {
      const document = Stack.of(cfn).resolve(original);
      const statements = (document as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement;
      let scoped = 0;
      for (const statement of statements) {
        const actions = ([] as string[]).concat(statement.Action);
        if (statement.Resource === '*' && actions.every((a) => a.startsWith('cloudfront:'))) {
          statement.Resource = distribution.distributionArn;
          scoped++;
        }
      }
      if (scoped === 0) throw new Error('BucketDeployment: no cloudfront:* statement on "*" found to scope to the distribution');
      return document;
    },
  });
}

export class WebStack extends Stack {
  readonly bucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    const webDist = props.webDist ?? fromRoot('web/dist');

    this.bucket = new Bucket(this, 'WebBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Built artefacts only: recreated by any deploy.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'SPA fallback: extension-less paths to /index.html',
      code: FunctionCode.fromInline(spaRewriteCode),
    });

    const apiViewerRequest = new CloudFrontFunction(this, 'ApiViewerRequest', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'API: the viewer Accept-Encoding for the origin (it gzips its answers)',
      code: FunctionCode.fromInline(apiViewerRequestCode),
    });

    const uploadOrigins = [`https://${props.feedBucket.bucketRegionalDomainName}`, `https://${props.feedBucket.bucketDomainName}`];
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Portal ${config.stage}: security headers`,
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          override: true,
          contentSecurityPolicy: contentSecurityPolicy({ uploadOrigins, widgetScriptUrl: config.widgetScriptUrl }),
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
      },
      customHeadersBehavior: {
        customHeaders: Object.entries(extraSecurityHeaders).map(([header, value]) => ({ header, value, override: true })),
      },
    });

    // What the API reads of the viewer's request: all cookies and query strings, the headers its
    // guard and handlers use, and CloudFront's own viewer address (the throttling's client
    // address). Not Host: API Gateway answers only to its own.
    const apiRequests = new OriginRequestPolicy(this, 'ApiRequests', {
      comment: `Portal ${config.stage}: what /api requests carry to the API`,
      cookieBehavior: OriginRequestCookieBehavior.all(),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      headerBehavior: OriginRequestHeaderBehavior.allowList(
        'Accept',
        // What the viewer accepts, copied by apiViewerRequest: the API gzips its answers itself.
        ACCEPT_ENCODING_HEADER,
        'Accept-Language',
        'Content-Type',
        'Origin',
        'Referer',
        'Sec-Fetch-Site',
        'Sec-Fetch-Mode',
        'Sec-Fetch-Dest',
        'User-Agent',
        'CloudFront-Viewer-Address',
        'CloudFront-Forwarded-Proto',
        // The company the page shows: company-scoped calls refuse to work on another (docs/auth.md).
        COMPANY_HEADER,
        // A write's retry key: without it at the API a retried write would run twice (docs/reliability.md).
        IDEMPOTENCY_HEADER,
      ),
    });

    // execute-api host name: CloudFront connects to the API's default endpoint over HTTPS.
    const apiDomain = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    const certificate = config.certificateArn ? Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn) : undefined;
    if (!certificate) {
      Annotations.of(this).addWarningV2(
        'portal:web:no-certificate',
        `No certificateArn for stage ${config.stage}: the distribution answers on its cloudfront.net name only, while APP_URL, CORS and mail links use https://${config.domain}.`,
      );
    }

    if (!props.webAclArn) {
      Annotations.of(this).addWarningV2('portal:web:no-waf', `No web ACL for stage ${config.stage}: no WAF rate limits in front of CloudFront.`);
    }

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Onboarding portal (${config.stage})`,
      webAclId: props.webAclArn,
      // One line per request with the viewer's address (API Gateway's access log only sees CloudFront's).
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      ...(certificate
        ? { certificate, domainNames: [config.domain], minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          // The origin secret: the API refuses any request without it (direct execute-api calls).
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            customHeaders: { [ORIGIN_VERIFY_HEADER]: originSecretValue(config.stage) },
          }),
          // A redirect would turn POSTs into GETs: plain HTTP is refused instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Cookies, query strings and headers reach the API; Host must be the API's own.
          originRequestPolicy: apiRequests,
          responseHeadersPolicy: securityHeaders,
          compress: true,
          functionAssociations: [{ function: apiViewerRequest, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    if (existsSync(`${webDist}/index.html`)) {
      // The browser checks passwords as the build was told (VITE_PASSWORD_MIN_LENGTH): a build made
      // for another minimum than the stage's pool would let forms accept what Cognito refuses.
      const mismatch = webBuildMismatch(webDist, { passwordMinLength: passwordMinLength(config) }, `stage ${config.stage} asks`);
      if (mismatch) throw new Error(`${webDist}: ${mismatch}`);
      // Hashed build files never change: cache them for a year and keep old ones (prune off)
      // for clients still running the previous index.html.
      const build = Source.asset(webDist);
      const assets = new BucketDeployment(this, 'DeployAssets', {
        sources: [build],
        destinationBucket: this.bucket,
        exclude: ['*'],
        include: ['assets/*'],
        prune: false,
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      });
      // Everything else (index.html, locales, icons) is revalidated on every load.
      const pages = new BucketDeployment(this, 'DeployPages', {
        sources: [build],
        destinationBucket: this.bucket,
        // Excluded keys are neither uploaded nor pruned by this deployment (the build settings are
        // the synthesis's check, nothing the browser reads).
        exclude: ['assets/*', WEB_BUILD_SETTINGS_FILE],
        prune: true,
        cacheControl: [CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: ['/*'],
      });
      pages.node.addDependency(assets);
      scopeInvalidationToDistribution(pages, this.distribution);
    } else {
      Annotations.of(this).addWarningV2('portal:web:no-build', `${webDist}/index.html not found: run \`npm run build\` before deploying, or the web app is not uploaded.`);
    }

    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'AppUrl', { value: `https://${config.domain}` });
  }
}
