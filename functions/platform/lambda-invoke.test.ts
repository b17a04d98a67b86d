import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsCredentials } from './aws-credentials';
import { invokeEvent, invokeTargetFromEnv, signInvoke, signedEventInvoke, type InvokeRequest, type InvokeTarget } from './lambda-invoke';

/**
 * Our Event invoke must be the request LambdaClient sends (`@aws-sdk/client-lambda` is a dev
 * dependency kept as this yardstick): same method, path, body and invocation type, and the same
 * signature for the same headers and time. Neither the local gateway nor any emulator here
 * checks a SigV4 signature, so this comparison is what stands for Lambda's own check.
 */

const NOW = new Date('2026-11-24T16:30:05.000Z');
const SESSION: AwsCredentials = { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'IQoJb3JpZ2luX2VjEXAMPLE//token==' };
const payload = new TextEncoder().encode(JSON.stringify({ companyId: 'c-1', checkId: '019ab2c4-0000-7000-8000-000000000001' }));

/** What the SDK hands its HTTP handler: the same shape signInvoke takes. */
type Captured = InvokeRequest;

/** What LambdaClient sends for the same Event invoke (its HTTP handler replaced by a recorder). */
async function sdkRequest(functionName: string, region: string, credentials: AwsCredentials, endpoint?: string): Promise<Captured> {
  let captured: Captured | undefined;
  const client = new LambdaClient({
    region,
    credentials,
    ...(endpoint ? { endpoint } : {}),
    systemClockOffset: NOW.getTime() - Date.now(),
    requestHandler: {
      handle: async (request: Captured) => {
        captured = { ...request, headers: { ...request.headers } };
        const { HttpResponse } = await import('@smithy/core/protocols');
        return { response: new HttpResponse({ statusCode: 202, headers: {}, body: new Uint8Array() }) };
      },
    } as never,
  });
  const answer = await client.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: payload }));
  expect(answer.StatusCode).toBe(202);
  return captured!;
}

describe('signedEventInvoke', () => {
  const cases: Array<[string, string, string, string | undefined]> = [
    ['AWS, eu-west-3', 'portal-prod-job-feed-check', 'eu-west-3', undefined],
    ['AWS, us-east-1', 'portal-qa-job-password-reset-mail', 'us-east-1', undefined],
    ['the local gateway (http, a port)', 'feed-check', 'eu-west-3', 'http://127.0.0.1:4010'],
  ];
  it.each(cases)('sends what LambdaClient sends: %s', async (_name, functionName, region, endpoint) => {
    const sdk = await sdkRequest(functionName, region, SESSION, endpoint);
    const target: InvokeTarget = { region, credentials: SESSION, endpoint: endpoint ?? `https://lambda.${region}.amazonaws.com` };
    const ours = await signedEventInvoke(functionName, payload, target, NOW);

    expect(ours.method).toBe(sdk.method);
    expect(ours.url.pathname).toBe(sdk.path);
    expect(ours.url.hostname).toBe(sdk.hostname);
    expect(`${ours.url.protocol}`).toBe(sdk.protocol);
    expect(Buffer.from(ours.body).equals(Buffer.from(sdk.body))).toBe(true);
    expect(ours.headers['x-amz-invocation-type']).toBe('Event');
    expect(sdk.headers['x-amz-invocation-type']).toBe('Event');
    expect(ours.headers['x-amz-date']).toBe(sdk.headers['x-amz-date']);
    expect(ours.headers['x-amz-security-token']).toBe(sdk.headers['x-amz-security-token']);
    // Same credential scope; the signature itself differs only by the headers each side signs.
    const scope = (auth: string) => /Credential=([^,]+)/.exec(auth)?.[1];
    expect(scope(ours.headers.authorization!)).toBe(scope(sdk.headers.authorization!));

    // The SDK's request, with its own headers, signed by our signer: the same signature. So our
    // signer's settings (service, region, path escaping, payload hash) are the SDK's.
    const unsigned = Object.fromEntries(Object.entries(sdk.headers).filter(([name]) => !['authorization', 'x-amz-date', 'x-amz-security-token', 'x-amz-content-sha256'].includes(name.toLowerCase())));
    const resigned = await signInvoke({ ...sdk, headers: unsigned }, target, NOW);
    expect(resigned.authorization).toBe(sdk.headers.authorization);
  });

  it('reads the endpoint, region and credentials from the environment', () => {
    const env = { AWS_REGION: 'eu-west-3', AWS_ACCESS_KEY_ID: 'A', AWS_SECRET_ACCESS_KEY: 'S' };
    expect(invokeTargetFromEnv(env).endpoint).toBe('https://lambda.eu-west-3.amazonaws.com');
    expect(invokeTargetFromEnv({ ...env, AWS_ENDPOINT_URL_LAMBDA: 'http://127.0.0.1:9' }).endpoint).toBe('http://127.0.0.1:9');
    expect(() => invokeTargetFromEnv({ AWS_ACCESS_KEY_ID: 'A', AWS_SECRET_ACCESS_KEY: 'S' })).toThrow(/AWS_REGION/);
  });
});

describe('invokeEvent', () => {
  const seen: Array<{ path: string; headers: IncomingMessage['headers']; body: string }> = [];
  const answers: number[] = [];
  let server: Server;
  let endpoint = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const status = answers.shift() ?? 202;
        response.writeHead(status, status === 202 ? {} : { 'x-amzn-errortype': status === 404 ? 'ResourceNotFoundException:http://internal' : 'ServiceException' });
        response.end(status === 202 ? '' : '{"message":"no"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const target = (): InvokeTarget => ({ endpoint, region: 'eu-west-3', credentials: SESSION });

  it('posts the signed event and resolves on 202', async () => {
    seen.length = 0;
    await invokeEvent('feed-check', payload, target());
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/2015-03-31/functions/feed-check/invocations');
    expect(seen[0]!.headers['x-amz-invocation-type']).toBe('Event');
    expect(String(seen[0]!.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=ASIAEXAMPLE\/\d{8}\/eu-west-3\/lambda\/aws4_request/);
    expect(seen[0]!.body).toBe(new TextDecoder().decode(payload));
  });

  it('tries a throttled or failing call again, up to three times', async () => {
    seen.length = 0;
    answers.push(429, 500);
    await invokeEvent('feed-check', payload, target());
    expect(seen).toHaveLength(3);
    answers.push(503, 503, 503);
    await expect(invokeEvent('feed-check', payload, target())).rejects.toThrow(/answered 503/);
  });

  it('gives up at once on a client error, naming it', async () => {
    seen.length = 0;
    answers.push(404);
    await expect(invokeEvent('no-such-job', payload, target())).rejects.toThrow(/answered 404 to the invoke of no-such-job: ResourceNotFoundException$/);
    expect(seen).toHaveLength(1);
  });

  it('fails when nothing listens (after its retries)', async () => {
    await expect(invokeEvent('feed-check', payload, { ...target(), endpoint: 'http://127.0.0.1:9' })).rejects.toThrow();
  });
});
