import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { SignatureV4 } from '@smithy/signature-v4';
import { awsTargetFromEnv, type AwsCredentials } from './aws-credentials';

/**
 * An asynchronous ("Event") Lambda invoke: one signed POST, answered 202 once Lambda has queued
 * the event. Sent here rather than through `@aws-sdk/client-lambda`, whose client (~70 KB of
 * code and endpoint rules) put the routes that start a job (order-feed-check,
 * password-reset-request) above the cold-start target: docs/deploy.md, "Cold start". The request
 * is signed by the SDK's own signer (`@smithy/signature-v4`, already in every bundle for the
 * DynamoDB client); lambda-invoke.test.ts holds the request and its signature to what
 * LambdaClient sends for the same call. Locally AWS_ENDPOINT_URL_LAMBDA is the gateway, which
 * runs the job (localstack/lambda-invoke.ts).
 */

type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytesOf = (data: SourceData): Buffer =>
  typeof data === 'string' ? Buffer.from(data, 'utf8') : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

/** SHA-256 (or its HMAC with a key) in the shape the signer asks for, on node:crypto. */
export class Sha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(this.secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

export interface InvokeTarget {
  /** https://lambda.<region>.amazonaws.com, or the local gateway. */
  endpoint: string;
  region: string;
  credentials: AwsCredentials;
}

export interface SignedInvoke {
  method: 'POST';
  url: URL;
  headers: Record<string, string>;
  body: Uint8Array;
}

export function invokeTargetFromEnv(env: NodeJS.ProcessEnv = process.env): InvokeTarget {
  const { region, credentials, endpoint } = awsTargetFromEnv('LAMBDA', env);
  return { region, credentials, endpoint: endpoint ?? `https://lambda.${region}.amazonaws.com` };
}

/** An HTTP request as the signer takes it (the shape of the SDK's own requests). */
export interface InvokeRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** The request's headers with the SigV4 signature for service "lambda" at `now` added. */
export async function signInvoke(request: InvokeRequest, target: InvokeTarget, now: Date): Promise<Record<string, string>> {
  const signer = new SignatureV4({ service: 'lambda', region: target.region, credentials: target.credentials, sha256: Sha256 });
  const signed = await signer.sign({ ...request, query: {}, headers: { ...request.headers } }, { signingDate: now });
  return signed.headers;
}

/** The Invoke request (API version 2015-03-31) for an Event invoke, signed for `now`. */
export async function signedEventInvoke(functionName: string, payload: Uint8Array, target: InvokeTarget, now = new Date()): Promise<SignedInvoke> {
  const base = new URL(target.endpoint);
  const path = `${base.pathname.replace(/\/+$/, '')}/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`;
  const headers = await signInvoke(
    {
      method: 'POST',
      protocol: base.protocol,
      hostname: base.hostname,
      ...(base.port ? { port: Number(base.port) } : {}),
      path,
      headers: {
        host: base.host,
        'content-type': 'application/octet-stream',
        'content-length': String(payload.byteLength),
        'x-amz-invocation-type': 'Event',
      },
      body: payload,
    },
    target,
    now,
  );
  return { method: 'POST', url: new URL(path, base), headers, body: payload };
}

const TRANSIENT = (status: number) => status === 429 || status >= 500;

/**
 * Queues `payload` for the function and resolves once Lambda answered 202. Throttling, a 5xx or a
 * failed connection is tried again (three attempts in all, as the SDK's standard retry mode).
 */
export async function invokeEvent(functionName: string, payload: Uint8Array, target: InvokeTarget = invokeTargetFromEnv()): Promise<void> {
  let lastError: Error = new Error('not sent');
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    let status: number;
    let detail: string;
    try {
      // Signed again per attempt: the signature's date must be current.
      ({ status, detail } = await send(await signedEventInvoke(functionName, payload, target)));
    } catch (error) {
      lastError = error as Error;
      continue;
    }
    if (status === 202) return;
    lastError = new Error(`Lambda answered ${status} to the invoke of ${functionName}${detail ? `: ${detail}` : ''}`);
    if (!TRANSIENT(status)) break;
  }
  throw lastError;
}

function send(invoke: SignedInvoke): Promise<{ status: number; detail: string }> {
  return new Promise((resolve, reject) => {
    const request = (invoke.url.protocol === 'http:' ? httpRequest : httpsRequest)(invoke.url, { method: invoke.method, headers: invoke.headers, timeout: 5_000 }, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        if (chunks.length < 16) chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, detail: errorType(response, Buffer.concat(chunks).toString('utf8')) }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('The Lambda invoke timed out')));
    request.on('error', reject);
    request.end(invoke.body);
  });
}

/** Lambda's error type (x-amzn-errortype, or the body's message), never more than a line. */
function errorType(response: IncomingMessage, body: string): string {
  const type = response.headers['x-amzn-errortype'];
  if (typeof type === 'string') return type.split(':')[0]!;
  return body.slice(0, 200).replace(/\s+/g, ' ').trim();
}
