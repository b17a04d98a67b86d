import { SendEmailCommand, SESv2Client, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { budgetOptions, clientBudgets } from './budget';

/** Lazy singleton; endpoint from AWS_ENDPOINT_URL_SESV2 (aws-ses-v2-local). */
let client: SESv2Client | undefined;

function sesClient(): SESv2Client {
  client ??= new SESv2Client(budgetOptions(clientBudgets.ses));
  return client;
}

export async function sendEmail(input: SendEmailCommandInput): Promise<void> {
  await sesClient().send(new SendEmailCommand(input));
}
