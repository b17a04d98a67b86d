import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { budgetOptions, clientBudgets } from './budget';

/** Lazy singleton; endpoint from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER (cognito-local). */
let client: CognitoIdentityProviderClient | undefined;

export function cognitoClient(): CognitoIdentityProviderClient {
  client ??= new CognitoIdentityProviderClient(budgetOptions(clientBudgets.cognito));
  return client;
}
