import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/messages/en';
import { fr } from '../../i18n/messages/fr';
import { ru } from '../../i18n/messages/ru';
import { ApiError, retryAfterSeconds } from './client';
import { errorMessageId, errorText, fieldMessageId, waitParts } from './error-message';

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

describe('errorText (issue 24: a 429 says how long to wait)', () => {
  const throttled = (seconds?: number) => new ApiError(429, 'too-many-requests', 'x', {}, '', seconds);
  const intl = (locale: string, messages: Record<string, string>) => createIntl({ locale, messages });

  it('says the wait of the Retry-After in the user language', () => {
    expect(errorText(throttled(42 * 60 - 5), intl('en', en))).toBe('Too many attempts: try again in 42 minutes');
    expect(errorText(throttled(42 * 60), intl('fr', fr))).toBe('Trop de tentatives\u00a0: réessayez dans 42 minutes');
    expect(errorText(throttled(42 * 60), intl('ru', ru))).toBe('Слишком много попыток: попробуйте снова через 42 минуты');
    expect(errorText(throttled(30), intl('en', en))).toBe('Too many attempts: try again in 30 seconds');
    expect(errorText(throttled(3600), intl('en', en))).toBe('Too many attempts: try again in 1 hour');
  });

  it('keeps the general text when the wait is unknown, and every other failure its own', () => {
    expect(errorText(throttled(), intl('en', en))).toBe(en['error.too-many-requests']);
    expect(errorText(new ApiError(409, 'conflict', 'x'), intl('en', en))).toBe(en['error.conflict']);
  });

  it('rounds the wait up to the unit it is said in', () => {
    expect(waitParts(0.2)).toEqual({ value: 1, unit: 'second' });
    expect(waitParts(61)).toEqual({ value: 2, unit: 'minute' });
    expect(waitParts(3601)).toEqual({ value: 2, unit: 'hour' });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterSeconds('2520')).toBe(2520);
    expect(retryAfterSeconds(new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(60);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });
});
