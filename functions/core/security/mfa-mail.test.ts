import { describe, expect, it, vi } from 'vitest';
import { logger } from '../../platform/log';
import { notifyMfaChange, type MfaMailDeps } from './mfa-mail';

const ann = { id: 'sub-1', login: 'ann@portal.test', companyId: 'c1' };

function deps(country: string | undefined): MfaMailDeps & { sendMail: ReturnType<typeof vi.fn> } {
  return { sendMail: vi.fn(async () => undefined), countryOf: vi.fn(async () => country), appUrl: () => 'https://portal.test' };
}

describe('notifyMfaChange', () => {
  it('mails the owner in the language of the company’s country (any case), English otherwise', async () => {
    for (const [country, change, template] of [
      ['fr', 'added', 'mfa-added-fr'],
      ['RU', 'removed', 'mfa-removed-ru'],
      ['DE', 'added', 'mfa-added'],
      [undefined, 'removed', 'mfa-removed'],
    ] as const) {
      const d = deps(country);
      await notifyMfaChange(ann, change, d);
      expect(d.countryOf).toHaveBeenCalledWith('c1');
      expect(d.sendMail).toHaveBeenCalledWith({ to: 'ann@portal.test', template, data: { login: 'ann@portal.test', url_integration: 'https://portal.test/login' } });
    }
  });

  it('logs a mail that could not go instead of failing the change', async () => {
    const d = deps('FR');
    d.sendMail.mockRejectedValue(new TypeError('SES down'));
    const logged = vi.spyOn(logger(), 'error').mockImplementation(() => {});
    try {
      await expect(notifyMfaChange(ann, 'removed', d)).resolves.toBeUndefined();
      expect(logged).toHaveBeenCalledWith('authenticator change mail not sent', { userId: 'sub-1', change: 'removed', error: 'TypeError' });
    } finally {
      logged.mockRestore();
    }
  });
});
