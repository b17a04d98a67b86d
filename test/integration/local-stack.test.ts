/**
 * The local stack itself: what provisioning created, the gateway's answer to unknown calls,
 * the token issuer/JWKS contract, and a clean emulator lifecycle (no orphan processes).
 */
import { DescribeTableCommand, DescribeTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { GetBucketCorsCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import { ListEmailTemplatesCommand, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DescribeUserPoolClientCommand, DescribeUserPoolCommand, ListGroupsCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { mailTemplates, table, userPool } from '../../functions/platform/config/resources';
import { freePort, isPortFree, startEmulators } from '../../localstack/emulators';
import { HttpClient } from '../support/http-client';
import { latestMailTo, linkIn } from '../support/mailbox';
import { awsClients, localStack } from '../support/local-stack';

const { url, env, endpoints, credentials } = localStack();
const clients = awsClients(endpoints);
afterAll(() => Object.values(clients).forEach((client) => client.destroy()));

describe('provisioned resources', () => {
  it('has the table with both GSIs and TTL', async () => {
    const { Table } = await clients.dynamodb.send(new DescribeTableCommand({ TableName: env.TABLE_NAME }));
    expect(Table?.KeySchema).toEqual([
      { AttributeName: table.partitionKey, KeyType: 'HASH' },
      { AttributeName: table.sortKey, KeyType: 'RANGE' },
    ]);
    expect(Table?.GlobalSecondaryIndexes?.map((gsi) => gsi.IndexName).sort()).toEqual(table.globalSecondaryIndexes.map((gsi) => gsi.indexName).sort());
    const ttl = await clients.dynamodb.send(new DescribeTimeToLiveCommand({ TableName: env.TABLE_NAME }));
    expect(ttl.TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: table.ttlAttribute });
  });

  it('has the feed bucket, with CORS allowing POST from the portal', async () => {
    await expect(clients.s3.send(new HeadBucketCommand({ Bucket: env.FEED_BUCKET }))).resolves.toBeDefined();
    const cors = await clients.s3.send(new GetBucketCorsCommand({ Bucket: env.FEED_BUCKET }));
    expect(cors.CORSRules?.[0]).toMatchObject({ AllowedMethods: ['POST'], AllowedOrigins: expect.arrayContaining([url]) });
  });

  it('has the user pool with its three groups and the app client', async () => {
    const { UserPool } = await clients.cognito.send(new DescribeUserPoolCommand({ UserPoolId: env.USER_POOL_ID }));
    expect(UserPool?.UsernameAttributes).toEqual(['email']);
    const { Groups } = await clients.cognito.send(new ListGroupsCommand({ UserPoolId: env.USER_POOL_ID }));
    expect(Groups?.map((group) => group.GroupName).sort()).toEqual([...userPool.groups].sort());
    const { UserPoolClient } = await clients.cognito.send(
      new DescribeUserPoolClientCommand({ UserPoolId: env.USER_POOL_ID, ClientId: env.USER_POOL_CLIENT_ID }),
    );
    expect(UserPoolClient?.ExplicitAuthFlows).toEqual(expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']));
    expect(UserPoolClient?.PreventUserExistenceErrors).toBe('ENABLED');
  });

  it('serves the JWKS at `${TOKEN_ISSUER}/.well-known/jwks.json`', async () => {
    expect(env.TOKEN_ISSUER).toBe(`${endpoints.cognito}/${env.USER_POOL_ID}`);
    const response = await fetch(`${env.TOKEN_ISSUER}/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    const jwks = (await response.json()) as { keys: Array<{ kty: string; kid: string }> };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', kid: expect.any(String) });
  });

  it('has every SES template, prefixed', async () => {
    const { TemplatesMetadata } = await clients.ses.send(new ListEmailTemplatesCommand({ PageSize: 100 }));
    expect(TemplatesMetadata?.map((t) => t.TemplateName).sort()).toEqual(
      mailTemplates.map((t) => `${env.MAIL_TEMPLATE_PREFIX}${t.name}`).sort(),
    );
  });
});

describe('gateway', () => {
  it('answers 404 JSON to an unknown /api path', async () => {
    const response = await new HttpClient(url).get<{ code: string; message: string }>('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'not-found', message: expect.any(String) });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('test support', () => {
  it('finds the newest mail to an address in the SES emulator', async () => {
    const since = Date.now();
    const to = `Someone.${since}@Example.com`;
    for (const n of [1, 2]) {
      await clients.ses.send(
        new SendEmailCommand({
          FromEmailAddress: env.MAIL_FROM,
          Destination: { ToAddresses: [to] },
          Content: {
            Template: {
              TemplateName: `${env.MAIL_TEMPLATE_PREFIX}password-reset`,
              TemplateData: JSON.stringify({ login: to, url_reset: `${url}/password-reset/token-${n}`, expires_hours: 2 }),
            },
          },
        }),
      );
    }
    const mail = await latestMailTo(endpoints.ses, to.toLowerCase(), { since });
    expect(mail.subject).toBe('Reset your password');
    expect(linkIn(mail, '/password-reset/')).toBe(`${url}/password-reset/token-2`);
    await expect(latestMailTo(endpoints.ses, 'nobody@example.com', { timeoutMs: 200 })).rejects.toThrow(/No mail to/);
  });

  it('keeps the session cookies of a seeded sign-in', async () => {
    // The seed is part of the stack: without it this fails rather than skips.
    const login = credentials.find((c) => !c.role.includes('temporary'));
    if (!login) throw new Error(`The local stack seeded no permanent login (seeded: ${JSON.stringify(credentials)})`);
    const browser = new HttpClient(url);
    const signIn = await browser.post('/api/security/login', { username: login.login, password: login.password });
    expect(signIn.status).toBe(200);
    expect(browser.cookie('access')).toBeTruthy();
    expect((await browser.get('/api/users/current')).status).toBe(200);
    browser.clearCookies();
    expect((await browser.get('/api/users/current')).status).toBe(401);
  });
});

describe('emulator lifecycle', () => {
  it('stops without leaving a port (or a process) behind, and starts again', async () => {
    const ports = { dynamodb: await freePort(), s3: await freePort(), ses: await freePort(), cognito: await freePort() };
    for (let round = 0; round < 2; round++) {
      const emulators = await startEmulators(ports);
      const health = await fetch(`${emulators.endpoints.ses}/health-check`);
      expect(health.status).toBe(200);
      await emulators.stop();
      for (const port of Object.values(ports)) expect(await isPortFree(port)).toBe(true);
    }
  }, 90_000);
});
