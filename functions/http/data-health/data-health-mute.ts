import { dataHealthMute } from '../../../shared/routes';
import { muteKind, unmuteKind } from '../../core/data-health/mute';
import { httpHandler } from '../../pipeline/http';

/**
 * POST /api/data-health/mute `{ kind, note, days }`: the current company's kind acknowledged and
 * muted, or its mute ended (`days: 0`); answers its data health.
 */
export const handler = httpHandler(dataHealthMute).handle(async ({ auth, body }) => ({
  body: body.days === 0 ? await unmuteKind(auth.company.id, body.kind) : await muteKind(auth.user, auth.company.id, { kind: body.kind, note: body.note ?? '', days: body.days }),
}));
