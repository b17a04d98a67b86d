import { integrationStatusUpdate } from '../../../shared/routes';
import { changeStepStatus } from '../../core/integration/steps';
import { httpHandler } from '../../pipeline/http';

/** POST /api/integration-status/update `{ stepType, status }`: one step of the current company; notifies the team on done. */
export const handler = httpHandler(integrationStatusUpdate).handle(async ({ auth, body }) => ({
  body: await changeStepStatus(auth.company, auth, { stepType: body.stepType, status: body.status, otherConnection: body.otherConnection, note: body.note }),
}));
