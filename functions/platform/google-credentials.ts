import { readFile } from 'node:fs/promises';
import { envNames } from './config/resources';
import { SecretReadError, secretString } from './clients/secrets';

/**
 * The Google service account the analytics provider signs in as (docs/analytics.md). Where the
 * key comes from, first match wins:
 * - GOOGLE_CREDENTIALS_SECRET: a Secrets Manager secret name (deployed stages; the CDK creates the
 *   secret, grants the analytics functions read access to it, nothing else, and gives them the
 *   secrets extension that serves it: clients/secrets.ts);
 * - GOOGLE_APPLICATION_CREDENTIALS: the path of the JSON key file (a local run against a real property).
 * Read once per warm Lambda; a failed read is not cached (fixing the secret needs no redeploy).
 */

export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
}

export class GoogleCredentialsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoogleCredentialsError';
  }
}

let cached: Promise<ServiceAccountKey> | undefined;

export function googleServiceAccount(): Promise<ServiceAccountKey> {
  cached ??= load().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** Tests: forget the cached key. */
export function resetGoogleServiceAccount(): void {
  cached = undefined;
}

async function load(): Promise<ServiceAccountKey> {
  const secretName = process.env[envNames.googleCredentialsSecret];
  const file = process.env.GOOGLE_APPLICATION_CREDENTIALS;
  let text: string;
  let origin: string;
  if (secretName) {
    try {
      text = await secretString(secretName);
    } catch (error) {
      throw error instanceof SecretReadError ? new GoogleCredentialsError(error.message) : error;
    }
    origin = `secret ${secretName}`;
  } else if (file) {
    text = await readFile(file, 'utf8');
    origin = `file ${file}`;
  } else {
    throw new GoogleCredentialsError(
      `No Google service account configured: set ${envNames.googleCredentialsSecret} (a Secrets Manager secret) or GOOGLE_APPLICATION_CREDENTIALS (a key file), or ANALYTICS_PROVIDER=sandbox`,
    );
  }
  return parseServiceAccountKey(text, origin);
}

function parseServiceAccountKey(text: string, origin: string): ServiceAccountKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new GoogleCredentialsError(`The Google service account key (${origin}) is not JSON: paste the whole key file downloaded from Google Cloud`);
  }
  const key = parsed as Partial<ServiceAccountKey> | null;
  if (!key || typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
    throw new GoogleCredentialsError(`The Google service account key (${origin}) has no client_email or private_key`);
  }
  return { client_email: key.client_email, private_key: key.private_key };
}
