import { mixed, object, string } from 'yup';
import { HEALTH_KINDS, HEALTH_MUTE_DAYS, type HealthKind, type HealthMuteDays } from '../domain/data-health';
import { freeText } from './common';
import { schema } from './define';

/**
 * The request schema of a warning's lifecycle (POST /api/data-health/mute): the page's acknowledge
 * form uses the same rules. The note says what the team knows (required to mute: a mute without a
 * word leaves the others guessing); `days: 0` ends the mute and needs none.
 */

export const HEALTH_NOTE_MAX_LENGTH = 500;

const note = () => string().nonNullable('validation.required').trim().max(HEALTH_NOTE_MAX_LENGTH, 'validation.health.noteTooLong').test(freeText);

export const healthMuteSchema = /* @__PURE__ */ schema(() =>
  object({
    kind: mixed<HealthKind>().nonNullable('validation.required').oneOf(HEALTH_KINDS, 'validation.invalid').required('validation.required'),
    // A number of the list (a string "7" is refused, like any other value); 0 ends the mute.
    days: mixed<HealthMuteDays | 0>().nonNullable('validation.required').oneOf([0, ...HEALTH_MUTE_DAYS], 'validation.health.muteDays').required('validation.required'),
    note: note().when('days', { is: 0, then: (rule) => rule.default(''), otherwise: (rule) => rule.required('validation.required') }),
  }),
);

/** The acknowledge form's own field (the kind and the days come from the page). */
export const healthNoteSchema = /* @__PURE__ */ schema(() => object({ note: note().required('validation.required') }));
