/**
 * Time budgets of the AWS SDK clients (docs/reliability.md, "Time budgets"). The SDK's defaults
 * wait for ever for a connection that was accepted and never answered, and retry three times: a
 * hung DynamoDB held every route until Lambda killed it at 10 s, and the user read a 500 after
 * 5-9 s. Each client here gives up inside the function's timeout (functions/platform/config/resources.ts functionDefaults:
 * 10 s), so the handler answers 503 with Retry-After (platform/errors.ts `dependencyDown`) before
 * Lambda stops it: attempts x (connect + request) + the SDK's backoff between attempts stays under
 * 10 s (`worstCaseMs`, checked by budget.test.ts).
 *
 * requestTimeout runs until the answer's headers (throwOnRequestTimeout makes it an error, not the
 * SDK's warning); a streamed body (a feed read from S3) is not cut by it.
 */
export interface ClientBudget {
  /** TCP connect. */
  connectMs: number;
  /** From the request sent to the answer's headers. */
  requestMs: number;
  /** Tries in all (the SDK's maxAttempts). */
  attempts: number;
}

export const clientBudgets = {
  // Single-digit milliseconds when healthy, a transaction of 100 items well under a second; DynamoDB
  // Local on a busy 2-core CI machine is the slowest this sees (a GC pause): 3 s leaves room for it.
  dynamodb: { connectMs: 1_000, requestMs: 3_000, attempts: 2 },
  s3: { connectMs: 1_000, requestMs: 3_000, attempts: 2 },
  // SES and Cognito answer in tens of milliseconds; Cognito's sign-in (SRP, hashing) in a few hundred.
  ses: { connectMs: 1_000, requestMs: 3_000, attempts: 2 },
  cognito: { connectMs: 1_000, requestMs: 3_000, attempts: 2 },
  sqs: { connectMs: 1_000, requestMs: 3_000, attempts: 2 },
} as const satisfies Record<string, ClientBudget>;

/** The SDK client options of a budget (any v3 client takes the handler's options as a plain object). */
export function budgetOptions(budget: ClientBudget): {
  maxAttempts: number;
  requestHandler: { connectionTimeout: number; requestTimeout: number; throwOnRequestTimeout: true };
} {
  return {
    maxAttempts: budget.attempts,
    requestHandler: { connectionTimeout: budget.connectMs, requestTimeout: budget.requestMs, throwOnRequestTimeout: true },
  };
}

/** The longest a call under `budget` can take before it fails (the SDK's backoff between tries is at most 20 s by design, but 0.1-0.2 s for a first retry). */
export const worstCaseMs = (budget: ClientBudget): number => budget.attempts * (budget.connectMs + budget.requestMs) + (budget.attempts - 1) * 1_000;
