/**
 * Secrets of deployed stages, read through the AWS Parameters and Secrets Lambda Extension: a
 * layer the CDK adds to exactly the functions that may read a secret (PortalFunction
 * `readsSecrets`), serving GetSecretValue on localhost with its own cache. Not the Secrets Manager
 * SDK client: that one is ~60 KB to compile and evaluate at each cold start of the analytics
 * functions, which read one secret once per warm Lambda (docs/analytics.md, "Cold start").
 * The extension signs the call with the function's role: the IAM grant stays the only permission.
 */

const DEFAULT_PORT = 2773;
/** The extension answers from memory or one Secrets Manager call: seconds would mean it is stuck. */
const TIMEOUT_MS = 5_000;

export class SecretReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretReadError';
  }
}

/** The secret's text value (SecretString). */
export async function secretString(secretId: string): Promise<string> {
  // Lambda gives every function its session token; the extension accepts only requests carrying it.
  const token = process.env.AWS_SESSION_TOKEN;
  if (!token) throw new SecretReadError(`Secret ${secretId}: no AWS_SESSION_TOKEN (the secrets extension serves Lambda functions only)`);
  const port = Number(process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT) || DEFAULT_PORT;
  let answer: Response;
  try {
    answer = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`, {
      headers: { 'X-Aws-Parameters-Secrets-Token': token },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new SecretReadError(`Secret ${secretId}: the secrets extension did not answer (${(error as Error).message}); is its layer on this function?`);
  }
  const text = await answer.text();
  if (!answer.ok) throw new SecretReadError(`Secret ${secretId}: the secrets extension answered ${answer.status}: ${text.slice(0, 300)}`);
  let value: unknown;
  try {
    value = (JSON.parse(text) as { SecretString?: unknown }).SecretString;
  } catch {
    throw new SecretReadError(`Secret ${secretId}: the secrets extension answered something else than JSON`);
  }
  if (typeof value !== 'string') throw new SecretReadError(`Secret ${secretId} has no text value`);
  return value;
}
