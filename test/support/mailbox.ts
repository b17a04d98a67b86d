/**
 * Reads what the handlers sent through aws-ses-v2-local (GET /store), for integration tests.
 *
 *   const mail = await latestMailTo(localStack().endpoints.ses, 'jane@example.com');
 *   expect(mail.subject).toContain('Reset');
 */
import { DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import { gsi1 } from '../../functions/data/keys';

export interface SentMail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  attachments: Array<{ content: string; contentType: string; filename?: string; size: number }>;
  /** Epoch seconds. */
  at: number;
}

/**
 * Mail leaves through the outbox (docs/reliability.md, "Mail"): a request records it and answers,
 * the dispatcher it kicked sends it a moment later. So the mailbox is read once no delivery is in
 * its first try any more (pending without a failure: recorded or being sent), at most 15 s; a
 * delivery that failed and waits for its retry is not waited for. Needs the stack's table in
 * process.env (useLocalEnv); without it the mailbox is read at once.
 */
async function outboxSettled(): Promise<void> {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  const tableName = process.env.TABLE_NAME;
  if (!endpoint || !tableName) return;
  const client = new DynamoDBClient({ endpoint, region: process.env.AWS_REGION ?? 'us-east-1' });
  try {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const { Count } = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: gsi1.indexName,
          KeyConditionExpression: 'gsi1pk = :pk',
          FilterExpression: 'attribute_not_exists(lastError) OR attribute_type(lastError, :null)',
          ExpressionAttributeValues: { ':pk': { S: gsi1.outbox.pk('pending') }, ':null': { S: 'NULL' } },
          Select: 'COUNT',
        }),
      );
      if (!Count) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    client.destroy();
  }
}

/** Every mail the emulator holds, oldest first; `sinceSeconds` filters by send time (epoch seconds). */
export async function readMailbox(sesEndpoint: string, sinceSeconds?: number): Promise<SentMail[]> {
  await outboxSettled();
  const url = new URL('/store', sesEndpoint);
  if (sinceSeconds !== undefined) url.searchParams.set('since', String(Math.floor(sinceSeconds)));
  const response = await fetch(url);
  if (!response.ok) throw new Error(`SES emulator /store answered ${response.status}`);
  const store = (await response.json()) as { emails?: SentMail[] };
  return store.emails ?? [];
}

const addressed = (mail: SentMail, address: string) =>
  [...mail.destination.to, ...mail.destination.cc, ...mail.destination.bcc].some((to) =>
    // Recipients may be written as "Name <a@b.c>".
    to.toLowerCase().includes(address.toLowerCase()),
  );

/** All mails to an address (to, cc or bcc), oldest first. */
export async function mailsTo(sesEndpoint: string, address: string, sinceSeconds?: number): Promise<SentMail[]> {
  return (await readMailbox(sesEndpoint, sinceSeconds)).filter((mail) => addressed(mail, address));
}

export interface WaitOptions {
  /** How long to poll; mail is sent within the request, so a short poll is enough. */
  timeoutMs?: number;
  /** Only mail sent at or after this time (epoch ms), e.g. Date.now() taken before the action. */
  since?: number;
  /** Extra condition (e.g. subject match). */
  where?: (mail: SentMail) => boolean;
}

/** The newest mail to `address`, polling briefly; throws with what the mailbox holds otherwise. */
export async function latestMailTo(sesEndpoint: string, address: string, options: WaitOptions = {}): Promise<SentMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 3000);
  // The store's `at` has one-second resolution: compare in whole seconds.
  const sinceSeconds = options.since === undefined ? undefined : Math.floor(options.since / 1000);
  for (;;) {
    const mails = (await mailsTo(sesEndpoint, address, sinceSeconds)).filter((m) => options.where?.(m) ?? true);
    const newest = mails.at(-1);
    if (newest) return newest;
    if (Date.now() >= deadline) {
      const all = await readMailbox(sesEndpoint);
      throw new Error(
        `No mail to ${address} within ${options.timeoutMs ?? 3000} ms. Mailbox: ${
          all.map((m) => `${m.destination.to.join(',')} "${m.subject}"`).join('; ') || 'empty'
        }`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** First link in a mail (text or html) whose URL contains `fragment`, e.g. '/password-reset/'. */
export function linkIn(mail: SentMail, fragment: string): string | undefined {
  const haystack = `${mail.body.text ?? ''}\n${mail.body.html ?? ''}`;
  return haystack.match(/https?:\/\/[^\s"'<>]+/g)?.find((url) => url.includes(fragment));
}
