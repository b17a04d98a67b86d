import { LambdaClient } from '@aws-sdk/client-lambda';

/** Lazy singleton; endpoint from AWS_ENDPOINT_URL_LAMBDA locally (the local gateway runs the jobs). */
let client: LambdaClient | undefined;

export function lambdaClient(): LambdaClient {
  client ??= new LambdaClient({});
  return client;
}
