import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { budgetOptions, clientBudgets } from './budget';

/**
 * One module per AWS client so a handler's bundle only loads the SDK clients it uses
 * (cold start). Created on first use and reused across invocations of a warm Lambda.
 * The endpoint comes from AWS_ENDPOINT_URL_DYNAMODB, read by the SDK itself.
 */
let client: DynamoDBDocumentClient | undefined;

export function documentClient(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient(budgetOptions(clientBudgets.dynamodb)), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return client;
}

/** Tests point the data layer at their own DynamoDB. */
export function setDocumentClient(next: DynamoDBDocumentClient | undefined): void {
  client = next;
}
