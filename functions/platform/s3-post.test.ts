import { createHmac } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { environmentCredentials, type AwsCredentials } from './aws-credentials';
import { presignPost } from './s3-post';

/**
 * presignPost must produce what `@aws-sdk/s3-presigned-post` produces (a dev dependency kept as
 * this yardstick): S3 checks the signature over the exact policy bytes, and the local S3 emulator
 * does not check V4 signatures at all, so equality with the package is the test that can fail.
 */

const NOW = new Date('2026-11-24T15:04:05.678Z');
const SESSION: AwsCredentials = { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'IQoJb3JpZ2luX2VjEXAMPLE//token==' };
const STATIC: AwsCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const request = {
  key: 'feeds/0b7c4a52-company/7f0e1c9a-1111-4222-8333-944455556666.xml',
  fields: { 'Content-Type': 'application/xml', 'x-amz-meta-filename': encodeURIComponent('commandes été 2026 (1).xml') },
  conditions: [
    ['content-length-range', 1, 1_073_741_824],
    ['eq', '$Content-Type', 'application/xml'],
  ],
  expiresSeconds: 900,
};

async function fromPackage(bucket: string, region: string, credentials: AwsCredentials, endpoint?: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const client = new S3Client({ region, credentials, ...(endpoint ? { endpoint, forcePathStyle: true } : {}) });
  return createPresignedPost(client, {
    Bucket: bucket,
    Key: request.key,
    Fields: request.fields,
    Conditions: request.conditions as never,
    Expires: request.expiresSeconds,
  });
}

afterEach(() => vi.useRealTimers());

describe('presignPost', () => {
  const cases: Array<[string, string, string, AwsCredentials, string | undefined]> = [
    ['Lambda session credentials, virtual-hosted URL', 'portal-prod-feeds-1a2b3c', 'eu-west-3', SESSION, undefined],
    ['us-east-1', 'portal-prod-feeds-1a2b3c', 'us-east-1', SESSION, undefined],
    ['a dotted bucket name (path-style on AWS)', 'feeds.portal.example', 'eu-west-1', SESSION, undefined],
    ['the local S3, static credentials, path-style', 'portal-local-feeds', 'eu-west-3', STATIC, 'http://127.0.0.1:4569'],
  ];
  it.each(cases)('matches @aws-sdk/s3-presigned-post: %s', async (_name, bucket, region, credentials, endpoint) => {
    const expected = await fromPackage(bucket, region, credentials, endpoint);
    const ours = presignPost({ ...request, bucket, region, credentials, now: NOW, ...(endpoint ? { endpoint } : {}) });
    expect(ours.url).toBe(expected.url);
    // Same fields in the same order, so the same policy bytes and signature.
    expect(Object.entries(ours.fields)).toEqual(Object.entries(expected.fields));
  });

  it('signs the policy with the SigV4 key chain and states the expiry and every condition', () => {
    const { fields } = presignPost({ ...request, bucket: 'b', region: 'eu-west-3', credentials: STATIC, now: NOW });
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.expiration).toBe('2026-11-24T15:19:05Z');
    expect(policy.conditions).toEqual(expect.arrayContaining([['content-length-range', 1, 1_073_741_824], { key: request.key }, { bucket: 'b' }, { 'Content-Type': 'application/xml' }]));
    const h = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
    const signingKey = h(h(h(h('AWS4S3RVER', '20261124'), 'eu-west-3'), 's3'), 'aws4_request');
    expect(fields['X-Amz-Signature']).toBe(h(signingKey, fields.Policy!).toString('hex'));
    expect(fields['X-Amz-Credential']).toBe('S3RVER/20261124/eu-west-3/s3/aws4_request');
    expect(fields).not.toHaveProperty('X-Amz-Security-Token');
  });
});

describe('environmentCredentials', () => {
  it('reads the role session Lambda puts in the environment', () => {
    expect(environmentCredentials({ AWS_ACCESS_KEY_ID: 'A', AWS_SECRET_ACCESS_KEY: 'S', AWS_SESSION_TOKEN: 'T' })).toEqual({ accessKeyId: 'A', secretAccessKey: 'S', sessionToken: 'T' });
    expect(environmentCredentials({ AWS_ACCESS_KEY_ID: 'A', AWS_SECRET_ACCESS_KEY: 'S' })).toEqual({ accessKeyId: 'A', secretAccessKey: 'S' });
  });
  it('says which variables are missing instead of signing with nothing', () => {
    expect(() => environmentCredentials({ AWS_ACCESS_KEY_ID: 'A' })).toThrow(/AWS_SECRET_ACCESS_KEY/);
  });
});
