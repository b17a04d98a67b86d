import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

const location = () => screen.getByTestId('location').textContent;

async function signInWithPassword() {
  mockSession(null);
  renderApp('/login?redirect=%2Fagenda');
  await screen.findByRole('heading', { name: 'Sign In' });
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Right-password-1');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in with an authenticator app', () => {
  it('asks for the code, shows a wrong one under the field, then signs in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(api('/api/security/login'), () => HttpResponse.json({ status: 'mfa-required', session: 'S1' })),
      http.post(api('/api/security/mfa'), async ({ request }) => {
        const body = (await request.json()) as { code: string };
        sent.push(body);
        if (body.code === '000000') {
          return HttpResponse.json({ code: 'invalid-mfa-code', message: 'x', errors: { code: 'validation.mfaCodeWrong' } }, { status: 400 });
        }
        return HttpResponse.json({ status: 'signed-in', user: makeUser() });
      }),
    );
    await signInWithPassword();
    await screen.findByRole('heading', { name: 'Enter your authentication code' });
    const field = await screen.findByLabelText('Authentication code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(field, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Enter the 6 digits of the code')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('This code is not valid: enter the current code of your app')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Authentication code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(location()).toBe('/agenda'));
    expect(sent).toEqual([
      { username: 'ada@example.com', session: 'S1', code: '000000' },
      { username: 'ada@example.com', session: 'S1', code: '123456' },
    ]);
  });

  it('sends an administrator who has no app to its set-up first, then on to where they were going', async () => {
    server.use(
      http.post(api('/api/security/login'), () =>
        HttpResponse.json({ status: 'mfa-setup-required', user: makeUser('ROLE_ADMIN', { mfaSetupRequired: true }) }),
      ),
      http.post(api('/api/security/mfa-setup'), async ({ request }) => {
        setupBodies.push(await request.json());
        return HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', uri: 'otpauth://totp/Onboarding%20Portal%3Aada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP' });
      }),
      http.post(api('/api/security/mfa-setup/verify'), async ({ request }) => {
        setupBodies.push(await request.json());
        return HttpResponse.json({ status: 'enrolled' });
      }),
    );
    const setupBodies: unknown[] = [];
    await signInWithPassword();
    await waitFor(() => expect(location()).toMatch(/^\/mfa-setup\?required=1/));
    expect(await screen.findByText(/Administrators sign in with a code/)).toBeInTheDocument();
    // The current password first (a session alone adds no app).
    await userEvent.type(screen.getByLabelText('Current password'), 'My-password-12');
    await userEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code of your authenticator key' })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/Your authenticator app is on/)).toBeInTheDocument();
    expect(setupBodies).toEqual([{ password: 'My-password-12' }, { password: 'My-password-12', code: '123456' }]);
    // Continue reloads the app at the page the user was going to (every answer cached while limited goes).
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(location()).toBe('/mfa-setup?required=1&redirect=%2Fagenda');
  });

  it('sends any page of a session still without its app to the set-up', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    server.use(
      http.get(api('/api/integration-status'), () => HttpResponse.json({ code: 'mfa-setup-required', message: 'x' }, { status: 403 })),
    );
    renderApp('/dashboard');
    await waitFor(() => expect(location()).toMatch(/^\/mfa-setup\?required=1/));
  });
});
