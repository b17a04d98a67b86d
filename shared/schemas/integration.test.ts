import { describe, expect, it } from 'vitest';
import { emailSendSchema, integrationStatusUpdateSchema, STEP_NOTE_MAX } from './integration';
import { errorsOf } from './testing/errors';

describe('integration schemas', () => {
  const update = { stepType: 'status_feed', status: 'done' };

  it.each([
    [{}, null],
    [{ otherConnection: true, note: 'Orders come through the ERP export' }, null],
    [{ note: 'line 1\nline 2\ttabbed' }, null], // a note may have lines
    [{ note: ` ${'n'.repeat(STEP_NOTE_MAX)} ` }, null], // trimmed before it is measured
    [{ note: 'n'.repeat(STEP_NOTE_MAX + 1) }, { note: 'validation.step.noteTooLong' }],
    [{ note: 'bell\u0007' }, { note: 'validation.invalidCharacters' }],
    [{ stepType: 'fax_machine' }, { stepType: 'validation.invalid' }],
    [{ stepType: undefined }, { stepType: 'validation.required' }],
    [{ status: 'in_process' }, { status: 'validation.invalid' }], // shown on the dashboard, never set
    [{ status: undefined }, { status: 'validation.required' }],
  ])('a step update with %j: %j', (change, errors) => {
    expect(errorsOf(integrationStatusUpdateSchema, { ...update, ...change })).toEqual(errors ?? {});
  });

  it('keeps the note trimmed', () => {
    expect(integrationStatusUpdateSchema.validateSync({ ...update, note: '  via FTP  ' }).note).toBe('via FTP');
  });

  it.each([
    [{ template_id: 'integration-validation' }, null],
    [{ template_id: 'integration-validation', email: ` ${'e'.repeat(254)} ` }, null],
    [{ template_id: 'integration-validation', email: 'e'.repeat(255) }, { email: 'validation.email' }],
    [{ template_id: 'step-done' }, { template_id: 'validation.invalid' }], // step mails are the server's own
    [{}, { template_id: 'validation.required' }],
  ])('a mail request %j: %j', (body, errors) => {
    expect(errorsOf(emailSendSchema, body)).toEqual(errors ?? {});
  });
});
