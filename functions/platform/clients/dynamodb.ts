import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { checkTableAccess } from '../table-access';
import { budgetOptions, clientBudgets } from './budget';

/**
 * One module per AWS client so a handler's bundle only loads the SDK clients it uses
 * (cold start). Created on first use and reused across invocations of a warm Lambda.
 * The endpoint comes from AWS_ENDPOINT_URL_DYNAMODB, read by the SDK itself.
 */
let client: DynamoDBDocumentClient | undefined;

export function documentClient(): DynamoDBDocumentClient {
  if (!client) {
    const base = new DynamoDBClient(budgetOptions(clientBudgets.dynamodb));
    // The route's table grant, refused here as IAM refuses it on AWS (functions/platform/table-access.ts).
    base.middlewareStack.add(
      (next, context) => async (args) => {
        checkTableAccess(context.commandName ?? '');
        return next(args);
      },
      { step: 'initialize', name: 'routeTableAccess' },
    );
    client = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  }
  return client;
}

/** Tests point the data layer at their own DynamoDB. */
export function setDocumentClient(next: DynamoDBDocumentClient | undefined): void {
  client = next;
}
