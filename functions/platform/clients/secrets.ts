import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** Lazy singleton (only the functions that read a secret bundle this client). */
let client: SecretsManagerClient | undefined;

export function secretsClient(): SecretsManagerClient {
  client ??= new SecretsManagerClient({});
  return client;
}

/** The secret's text value. */
export async function secretString(secretId: string): Promise<string> {
  const answer = await secretsClient().send(new GetSecretValueCommand({ SecretId: secretId }));
  if (typeof answer.SecretString !== 'string') throw new Error(`Secret ${secretId} has no text value`);
  return answer.SecretString;
}
