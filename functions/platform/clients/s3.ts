import { S3Client } from '@aws-sdk/client-s3';
import { budgetOptions, clientBudgets } from './budget';

/**
 * Lazy singleton; endpoint from AWS_ENDPOINT_URL_S3. Path-style addressing and checksums only
 * when required keep s3rver working and are harmless on AWS.
 */
let client: S3Client | undefined;

export function s3Client(): S3Client {
  client ??= new S3Client({
    ...budgetOptions(clientBudgets.s3),
    forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return client;
}
