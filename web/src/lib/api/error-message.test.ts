import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/messages/en';
import { ApiError } from './client';
import { errorMessageId, fieldMessageId } from './error-message';

describe('errorMessageId', () => {
  it('maps the API error codes to their catalogue text', () => {
    expect(errorMessageId(new ApiError(409, 'conflict', 'x'))).toBe('error.conflict');
    expect(errorMessageId(new ApiError(429, 'too-many-requests', 'x'))).toBe('error.too-many-requests');
  });

  it('falls back to the generic text for unknown codes and non-API failures', () => {
    expect(errorMessageId(new ApiError(502, 'http-502', 'Bad gateway'))).toBe('common.somethingWrong');
    expect(errorMessageId(new TypeError('Failed to fetch'))).toBe('common.somethingWrong');
  });
});

describe('fieldMessageId', () => {
  it('keeps catalogue ids and replaces anything else', () => {
    expect(fieldMessageId('validation.email', en)).toBe('validation.email');
    expect(fieldMessageId('login is a required field', en)).toBe('validation.invalid');
  });
});
