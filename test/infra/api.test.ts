import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { routes, type JobName, type RouteDef } from '../../shared/routes';
import { envNames, jobFunctionEnv, jobNames } from '../../functions/platform/config/resources';
import { actionsOfFunction, resourcesOf, synthPortal, type Synth } from './support';

let synth: Synth;
beforeAll(() => {
  synth = synthPortal();
});

const all = routes as readonly RouteDef[];

/** Logical id of the function of a route (its description names the route). */
function functionIdOf(route: RouteDef): string {
  const fns = resourcesOf(synth.templates.api, 'AWS::Lambda::Function');
  const ids = Object.entries(fns)
    .filter(([, r]) => r.Properties?.Description === `${route.method} ${route.path} (${route.id})`)
    .map(([id]) => id);
  expect(ids, route.id).toHaveLength(1);
  return ids[0]!;
}

describe('api stack: one function and one route per route-table entry', () => {
  it('has exactly one function and one HTTP API route per entry', () => {
    // Plus one function per background job (functions/platform/config/resources.ts `jobs`).
    synth.templates.api.resourceCountIs('AWS::Lambda::Function', all.length + jobNames.length);
    synth.templates.api.resourceCountIs('AWS::ApiGatewayV2::Route', all.length);
    synth.templates.api.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
  });

  it.each(all.map((route) => [route.id, route] as const))('%s: route key and integration target its own function', (_id, route) => {
    const template = synth.templates.api;
    const fnId = functionIdOf(route);
    const routeResources = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).filter(
      (r) => r.Properties?.RouteKey === `${route.method} ${route.path}`,
    );
    expect(routeResources).toHaveLength(1);
    const target = JSON.stringify(routeResources[0]!.Properties?.Target);
    const integrationId = /"Ref":"([^"]+)"/.exec(target)?.[1];
    expect(integrationId).toBeDefined();
    const integration = template.toJSON().Resources[integrationId!];
    expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
    expect(integration.Properties.IntegrationType).toBe('AWS_PROXY');
    expect(integration.Properties.PayloadFormatVersion).toBe('2.0');
    expect(integration.Properties.IntegrationUri).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
  });

  it('runs every function on Node 22, arm64, ESM bundle, with the shared environment', () => {
    const fns = resourcesOf(synth.templates.api, 'AWS::Lambda::Function');
    const seen = new Set<string>();
    for (const [id, fn] of Object.entries(fns)) {
      const p = fn.Properties!;
      expect(p.Runtime, id).toBe('nodejs22.x');
      expect(p.Architectures, id).toEqual(['arm64']);
      expect(p.Handler, id).toBe('index.handler');
      const variables = (p.Environment as { Variables: Record<string, unknown> }).Variables;
      for (const [key, name] of Object.entries(envNames)) {
        if (key === 'tokenIssuer') expect(variables[name], `${id} ${name}`).toBeUndefined();
        else expect(variables[name], `${id} ${name}`).toBeDefined();
      }
      expect(variables.APP_URL).toBe('https://portal.test.example.com');
      expect(variables.MAIL_TEMPLATE_PREFIX).toBe('portal-qa-');
      // Jobs map their stacks as they load; routes only when they log one (functions/platform/stack-map.ts).
      const job = String(p.Description).startsWith('Job ');
      expect(variables.NODE_OPTIONS, id).toBe(job ? '--enable-source-maps' : undefined);
      seen.add(job ? 'job' : 'route');
    }
    expect([...seen].sort()).toEqual(['job', 'route']);
  });

  it('has no API Gateway authoriser: the handlers decide access', () => {
    synth.templates.api.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 0);
    for (const route of Object.values(resourcesOf(synth.templates.api, 'AWS::ApiGatewayV2::Route'))) {
      expect(route.Properties?.AuthorizationType ?? 'NONE').toBe('NONE');
    }
  });
});

describe('api stack: least privilege', () => {
  const actionsOf = (id: string) => actionsOfFunction(synth.templates.api, functionIdOf(all.find((r) => r.id === id)!));
  const writes = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

  it('GET routes cannot write the table (except logout, which stores signedOutAt; those that take API tokens, which count their calls; the traffic list, which stores its counts)', () => {
    const writers = new Set(['security-logout', 'traffic-list', ...all.filter((r) => r.apiToken).map((r) => r.id)]);
    for (const route of all.filter((r) => r.method === 'GET' && !writers.has(r.id))) {
      const actions = actionsOf(route.id);
      expect(actions, route.id).toContain('dynamodb:Query');
      for (const write of writes) expect(actions, route.id).not.toContain(write);
    }
    for (const id of writers) expect(actionsOf(id), id).toContain('dynamodb:UpdateItem');
    expect(actionsOf('users-create')).toContain('dynamodb:PutItem');
  });

  it("no route has ses:SendEmail: a route's mail is recorded in the outbox, which its job sends", () => {
    for (const route of all) {
      expect(actionsOf(route.id), route.id).not.toContain('ses:SendEmail');
      if (route.grants?.queuesMail) expect(actionsOf(route.id), route.id).toContain('lambda:InvokeFunction');
    }
    // The reset request only queues its job; the job sends the mail.
    expect(actionsOf('password-reset-request')).not.toContain('ses:SendEmail');
    expect(actionsOf('users-list')).not.toContain('ses:SendEmail');
  });

  it('lets the reset request invoke exactly its job, which alone sends the reset mail', () => {
    const template = synth.templates.api;
    const jobId = template.getResourceId('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('^Job password-reset-mail') } });
    expect(actionsOfFunction(template, jobId)).toContain('ses:SendEmail');
    expect(actionsOf('password-reset-request')).toContain('lambda:InvokeFunction');
  });

  it('lets each job-starting route invoke exactly its jobs (a mailing route the outbox dispatcher), and nothing else invokes', () => {
    const template = synth.templates.api;
    // Mail goes through the outbox: a route that mails kicks its dispatcher (lib/permissions.ts).
    const expected = (route: (typeof all)[number]): string[] =>
      [...new Set([...(route.grants?.invokes ?? []), ...(route.grants?.queuesMail ? ['outbox-dispatch'] : [])])].sort();
    const starters = Object.fromEntries(all.filter((r) => expected(r).length).map((r) => [r.id, expected(r)]));
    expect(starters['password-reset-request']).toEqual(['password-reset-mail']);
    expect(starters['outbox-resend']).toEqual(['outbox-dispatch']);
    expect(starters['order-feed-check']).toContain('feed-check');
    // A change of the UTM rules starts the relink; the traffic's read starts it again when a kick was lost.
    for (const id of ['traffic-rules-create', 'traffic-rules-delete', 'sources-delete', 'traffic-list']) expect(starters[id]).toEqual(['traffic-relink']);
    const invokers = all.filter((r) => actionsOf(r.id).includes('lambda:InvokeFunction')).map((r) => r.id);
    expect(invokers.sort()).toEqual(Object.keys(starters).sort());
    const statements = template.toJSON().Resources as Record<string, { Type: string; Properties?: { PolicyDocument?: { Statement: Array<{ Action: unknown; Resource: unknown }> } } }>;
    const invoke = Object.values(statements)
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .flatMap((r) => r.Properties?.PolicyDocument?.Statement ?? [])
      .filter((s) => s.Action === 'lambda:InvokeFunction');
    const jobArn = (job: string) => ({ 'Fn::GetAtt': [template.getResourceId('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp(`^Job ${job}:`) } }), 'Arn'] });
    // Every statement names job functions only, never a wildcard.
    const allowed = ['feed-check', 'password-reset-mail', 'outbox-dispatch', 'traffic-relink'].map((job) => JSON.stringify(jobArn(job)));
    for (const statement of invoke) for (const resource of [statement.Resource].flat()) expect(allowed).toContain(JSON.stringify(resource));
    for (const [routeId, jobs] of Object.entries(starters)) {
      const route = all.find((r) => r.id === routeId)!;
      const fn = template.toJSON().Resources[functionIdOf(route)];
      for (const job of jobs) expect(fn.Properties.Environment.Variables[jobFunctionEnv(job as JobName)]).toEqual({ Ref: jobArn(job)['Fn::GetAtt'][0] });
    }
  });

  it('runs the feed-check job for 15 minutes with a whole vCPU', () => {
    synth.templates.api.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Job feed-check:'),
      Timeout: 900,
      MemorySize: 1769,
    });
  });

  it('only user administration and password reset have Cognito admin actions', () => {
    const withCognito = all.filter((r) => actionsOf(r.id).some((a) => a.startsWith('cognito-idp:'))).map((r) => r.id);
    expect(withCognito.sort()).toEqual(['password-reset-complete', 'security-mfa-remove', 'users-create', 'users-delete', 'users-mfa-reset', 'users-update', 'users-welcome-resend']);
    expect(actionsOf('password-reset-complete')).toEqual(
      expect.arrayContaining(['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUserGlobalSignOut']),
    );
    expect(actionsOf('password-reset-complete')).not.toContain('cognito-idp:AdminCreateUser');
    expect(actionsOf('users-list').some((a) => a.startsWith('cognito-idp:'))).toBe(false);
  });

  it('only the feed routes touch S3: upload may put, check and the CSV links may get, deleting a company may list and delete', () => {
    const withS3 = all.filter((r) => actionsOf(r.id).some((a) => a.startsWith('s3:'))).map((r) => r.id);
    expect(withS3.sort()).toEqual(['companies-delete', 'order-feed-check', 'order-feed-failing-rows', 'order-feed-missing-ids', 'order-feed-upload']);
    // The links are signed with the route's own credentials: they may read, never write.
    for (const link of ['order-feed-failing-rows', 'order-feed-missing-ids']) expect(actionsOf(link).filter((a) => a.startsWith('s3:'))).toEqual(['s3:GetObject']);
    expect(actionsOf('companies-delete').filter((a) => a.startsWith('s3:')).sort()).toEqual(['s3:DeleteObject', 's3:ListBucket']);
    expect(actionsOf('order-feed-upload')).toContain('s3:PutObject');
    expect(actionsOf('order-feed-upload')).not.toContain('s3:GetObject');
    expect(actionsOf('order-feed-check')).toContain('s3:GetObject');
    expect(actionsOf('order-feed-check')).not.toContain('s3:PutObject');
  });

  it('no request path may Scan and no wildcard action is granted', () => {
    for (const route of all) {
      const actions = actionsOf(route.id);
      expect(actions, route.id).not.toContain('dynamodb:Scan');
      expect(actions.some((a) => a.endsWith(':*') || a === '*'), route.id).toBe(false);
    }
  });

  it('scopes mail to the configured sender and the stage templates', () => {
    synth.templates.api.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'ses:SendEmail',
            Condition: { StringEquals: { 'ses:FromAddress': 'no-reply@test.example.com' } },
          }),
        ]),
      },
    });
  });
});
