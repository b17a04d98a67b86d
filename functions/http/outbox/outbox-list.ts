import { outboxList } from '../../../shared/routes';
import { listOutbox } from '../../core/outbox/outbox-admin';
import { httpHandler } from '../../pipeline/http';

/** GET /api/outbox (admins): one page of the mails not sent yet or given up (400 on a bad query). */
export const handler = httpHandler(outboxList).handle(async ({ query }) => ({ body: await listOutbox(query) }));
