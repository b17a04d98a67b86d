import { createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentials } from './aws-credentials';
import { Sha256 } from './lambda-invoke';

/**
 * A presigned S3 POST form (AWS Signature Version 4 over a POST policy), computed here instead of
 * by `@aws-sdk/s3-presigned-post`: that package needs an S3 client (the client and its endpoint
 * rules are ~150 KB to load), which put the upload-ticket route's cold start above the bench's
 * fail line (1.5x the bare DynamoDB handler: docs/deploy.md, "Cold start"). Signing a POST policy
 * needs no request at all: an HMAC chain over the base64 policy. s3-post.test.ts holds this to
 * the package's own output (same fields, policy, signature and URL) for session and static
 * credentials, path-style and virtual-hosted URLs.
 */

export interface PresignPostInput {
  bucket: string;
  key: string;
  /** Extra form fields; each also becomes an exact-match condition of the policy. */
  fields: Readonly<Record<string, string>>;
  /** Further policy conditions, e.g. ['content-length-range', 1, max]. */
  conditions: ReadonlyArray<readonly unknown[]>;
  expiresSeconds: number;
  now: Date;
  region: string;
  credentials: AwsCredentials;
  /** A local S3 (AWS_ENDPOINT_URL_S3): path-style URLs on it. */
  endpoint?: string;
}

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

const iso8601 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

export function presignPost(input: PresignPostInput): PresignedPost {
  const { bucket, key, credentials, region, now } = input;
  const signingDate = iso8601(now).replace(/[-:]/g, '');
  const shortDate = signingDate.slice(0, 8);
  const scope = `${shortDate}/${region}/s3/aws4_request`;
  // Field order as the package writes them (the policy lists the conditions in this order).
  const fields: Record<string, string> = {
    ...input.fields,
    bucket,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${credentials.accessKeyId}/${scope}`,
    'X-Amz-Date': signingDate,
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
  };
  const conditions: unknown[] = [...input.conditions, ...Object.entries(fields).map(([name, value]) => ({ [name]: value })), { key }];
  const policy = Buffer.from(JSON.stringify({ expiration: iso8601(new Date(now.getTime() + input.expiresSeconds * 1000)), conditions }), 'utf8').toString('base64');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, shortDate), region), 's3'), 'aws4_request');
  return {
    url: postUrl(bucket, region, input.endpoint),
    fields: { ...fields, key, Policy: policy, 'X-Amz-Signature': hmac(signingKey, policy).toString('hex') },
  };
}

/** Where the form is posted: the local S3 path-style; on AWS the bucket's regional virtual host. */
function postUrl(bucket: string, region: string, endpoint: string | undefined): string {
  if (endpoint) return `${endpoint.replace(/\/+$/, '')}/${bucket}`;
  // A dotted bucket name would not match the *.s3 TLS certificate: path-style then, as the SDK does.
  if (bucket.includes('.')) return `https://s3.${region}.amazonaws.com/${bucket}`;
  return `https://${bucket}.s3.${region}.amazonaws.com/`;
}

export interface PresignGetInput {
  bucket: string;
  key: string;
  expiresSeconds: number;
  now: Date;
  region: string;
  credentials: AwsCredentials;
  endpoint?: string;
}

/**
 * A presigned S3 GET (SigV4 in the query), by the SDK's own signer as lambda-invoke.ts signs its
 * requests: the object is answered by S3 to whoever holds the link until it expires.
 */
export async function presignGet(input: PresignGetInput): Promise<string> {
  const base = new URL(objectBaseUrl(input.bucket, input.region, input.endpoint));
  const path = `${base.pathname.replace(/\/+$/, '')}/${input.key.split('/').map(encodeURIComponent).join('/')}`;
  const signer = new SignatureV4({ service: 's3', region: input.region, credentials: input.credentials, sha256: Sha256, uriEscapePath: false });
  const signed = await signer.presign(
    { method: 'GET', protocol: base.protocol, hostname: base.hostname, ...(base.port ? { port: Number(base.port) } : {}), path, query: {}, headers: { host: base.host } },
    { signingDate: input.now, expiresIn: input.expiresSeconds },
  );
  const query = Object.entries(signed.query ?? {})
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${base.protocol}//${base.host}${path}?${query}`;
}

/** The bucket's URL for one object's path: path-style locally or for a dotted name, else the virtual host. */
function objectBaseUrl(bucket: string, region: string, endpoint: string | undefined): string {
  return bucket.includes('.') || endpoint ? postUrl(bucket, region, endpoint) : `https://${bucket}.s3.${region}.amazonaws.com/`;
}
