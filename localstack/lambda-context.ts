import type { Context } from 'aws-lambda';

/** A minimal Lambda context (what middy and the handlers use), for routes and jobs alike. */
export function lambdaContext(input: { functionName: string; requestId: string; timeoutMs: number; memoryMb: number; startedAt?: number }): Context {
  const { functionName, requestId, timeoutMs } = input;
  const startedAt = input.startedAt ?? Date.now();
  const unsupported = () => {
    throw new Error('context.done/succeed/fail are not supported: return a value or throw');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: String(input.memoryMb),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${requestId}`,
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - startedAt)),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}
