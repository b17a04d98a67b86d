/**
 * The local stack's SES bounces and complaints (docs/local-aws.md, "Bounces and complaints").
 * aws-ses-v2-local accepts every mail and reports nothing, so the handlers' SES endpoint is this
 * small front instead: it passes every call on to aws-ses-v2-local unchanged and, when a sent mail
 * goes to one of SES's own mailbox simulator addresses, publishes what SES would publish through
 * the configuration set: the same SES event, in the same SNS envelope, to the same function
 * (`mail-events`, functions/jobs/mail-events.ts; its bundle with LAMBDA_CODE=bundled).
 *
 *   bounce@simulator.amazonses.com          permanent bounce (General, 550 5.1.1)
 *   suppressionlist@simulator.amazonses.com permanent bounce (OnAccountSuppressionList)
 *   complaint@simulator.amazonses.com       complaint (abuse)
 *
 * A `+label` is allowed (`bounce+anna@simulator.amazonses.com`), as SES allows it. On AWS the event
 * comes seconds after the send; here it is handled before SendEmail answers, so a test's next step
 * sees the suppression without waiting.
 */
import { randomUUID } from 'node:crypto';
import { guardServer } from './emulator-guard.mjs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { freePort, releasePort } from './emulators';
import type { SNSEvent } from 'aws-lambda';

export const MAIL_EVENTS_FUNCTION = 'mail-events';

const SIMULATOR = /^(bounce|suppressionlist|complaint)(\+[^@]*)?@simulator\.amazonses\.com$/i;

/** The SES event (event publishing format) a simulator address produces, or null for any other address. */
export function simulatedSesEvent(address: string, mail: { messageId: string; source: string; destination: string[] }, now = new Date()): Record<string, unknown> | null {
  const kind = SIMULATOR.exec(address.trim())?.[1]?.toLowerCase();
  if (!kind) return null;
  const timestamp = now.toISOString();
  const common = { mail: { timestamp, messageId: mail.messageId, source: mail.source, destination: mail.destination } };
  if (kind === 'complaint') {
    return { eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: address }], timestamp, feedbackId: randomUUID(), complaintFeedbackType: 'abuse' }, ...common };
  }
  const recipient = kind === 'bounce'
    ? { emailAddress: address, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }
    : { emailAddress: address, action: 'failed', status: '5.1.1', diagnosticCode: 'Amazon SES did not send the message to this address because it is on the suppression list for your account.' };
  return {
    eventType: 'Bounce',
    bounce: { bounceType: 'Permanent', bounceSubType: kind === 'bounce' ? 'General' : 'OnAccountSuppressionList', bouncedRecipients: [recipient], timestamp, feedbackId: randomUUID(), reportingMTA: 'dns; simulator.amazonses.com' },
    ...common,
  };
}

/** The envelope SNS hands the subscribed function (one record per message). */
export function snsEnvelope(message: Record<string, unknown>, topicArn = 'arn:aws:sns:us-east-1:000000000000:portal-local-mail-events'): SNSEvent {
  const timestamp = new Date().toISOString();
  return {
    Records: [{
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn: `${topicArn}:${randomUUID()}`,
      Sns: {
        Type: 'Notification', MessageId: randomUUID(), TopicArn: topicArn, Subject: '', Message: JSON.stringify(message), Timestamp: timestamp,
        SignatureVersion: '1', Signature: '', SigningCertUrl: '', UnsubscribeUrl: '', MessageAttributes: {},
      },
    }],
  };
}

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

interface SendEmailBody {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
}

/** Starts the front on a free loopback port; `publish` runs the mail-events function with an SNS event. */
export async function startSesEvents(upstream: string, publish: (event: SNSEvent) => Promise<unknown>): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = guardServer(createServer(async (request, response) => {
    try {
      const body = await readBody(request);
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
      const answer = await fetch(new URL(request.url ?? '/', upstream), { method: request.method, headers, body: ['GET', 'HEAD'].includes(request.method ?? 'GET') ? undefined : body });
      const payload = Buffer.from(await answer.arrayBuffer());
      if (request.method === 'POST' && /\/v2\/email\/outbound-emails\/?$/.test(request.url ?? '') && answer.ok) {
        const sent = JSON.parse(body.toString('utf8') || '{}') as SendEmailBody;
        const destination = [...(sent.Destination?.ToAddresses ?? []), ...(sent.Destination?.CcAddresses ?? []), ...(sent.Destination?.BccAddresses ?? [])];
        const messageId = (JSON.parse(payload.toString('utf8') || '{}') as { MessageId?: string }).MessageId ?? randomUUID();
        for (const address of destination) {
          const event = simulatedSesEvent(address, { messageId, source: sent.FromEmailAddress ?? '', destination });
          // A failed function is logged as SNS would see it; the send itself succeeded.
          if (event) await publish(snsEnvelope(event)).catch((error: unknown) => console.error('[ses-events] mail-events failed', error));
        }
      }
      response.writeHead(answer.status, Object.fromEntries([...answer.headers].filter(([name]) => !['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(name))));
      response.end(payload);
    } catch (error) {
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: `SES front: ${(error as Error).message}` }));
    }
  }));
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) =>
        server.close(() => {
          releasePort(port);
          resolve();
        }),
      ),
  };
}
