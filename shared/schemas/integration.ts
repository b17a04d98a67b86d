import { boolean, mixed, object, string } from 'yup';
import { freeText } from './common';
import { STEP_STATUSES } from '../domain/integration';
import { STEP_TYPES, type StepStatus, type StepType } from '../domain/types';
import { schema } from './define';

/** The longest note a step keeps (a few sentences for the team). */
export const STEP_NOTE_MAX = 1000;

/** POST /api/integration-status/update: one step's new status (the company comes from the session). */
export const integrationStatusUpdateSchema = /* @__PURE__ */ schema(() =>
  object({
    stepType: mixed<StepType>().oneOf(STEP_TYPES, 'validation.invalid').required('validation.required'),
    status: mixed<StepStatus>().oneOf(STEP_STATUSES, 'validation.invalid').required('validation.required'),
    /** status_feed without a feed: the orders come through another connection (spec). */
    otherConnection: boolean().optional(),
    /** With otherConnection: how the data comes, for the integration team (kept with the step, in its mail). */
    note: string().trim().max(STEP_NOTE_MAX, 'validation.step.noteTooLong').test(freeText).optional(),
  }),
);

/**
 * POST /api/email/send (the spec's call), used by the dashboard's Validate button. A page may only
 * send the portal's own notices: the template is one of an allow-list, the recipient the
 * integration team's mailbox (or left out), and the variables are filled by the server from the
 * session (anything sent in `vars` is ignored). Step notifications are not on the list: the
 * server sends them itself when a step really completes.
 */
const EMAIL_SEND_TEMPLATES = ['integration-validation'] as const;
export type EmailSendTemplate = (typeof EMAIL_SEND_TEMPLATES)[number];

export const emailSendSchema = /* @__PURE__ */ schema(() =>
  object({
    email: string().trim().max(254, 'validation.email').optional(),
    template_id: mixed<EmailSendTemplate>().oneOf(EMAIL_SEND_TEMPLATES, 'validation.invalid').required('validation.required'),
  }),
);
