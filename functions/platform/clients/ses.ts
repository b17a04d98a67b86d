import { SESv2Client } from '@aws-sdk/client-sesv2';

/** Lazy singleton; endpoint from AWS_ENDPOINT_URL_SESV2 (aws-ses-v2-local). */
let client: SESv2Client | undefined;

export function sesClient(): SESv2Client {
  client ??= new SESv2Client({});
  return client;
}
