import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UsersAdminList } from 'shared/domain/types';
import { passwordMinLength, setPasswordMinLength } from 'shared/schemas/password-policy';
import { applyBuildPasswordMinimum } from '../../lib/password-policy';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

/**
 * The browser's password minimum is the build's VITE_PASSWORD_MIN_LENGTH (the stage's setting,
 * docs/deploy.md "Password minimum"): the hints say it and the forms refuse less, in every language.
 */

const list: UsersAdminList = {
  users: [
    {
      id: 'm1', login: 'max@acme.test', firstName: 'Max', lastName: 'Zed', role: 'ROLE_USER', roles: ['ROLE_USER'], company: 'Acme', companyId: 'c-acme',
      managedCompanies: ['Acme'], created: '2026-03-04T10:00:00.000Z', lastSignIn: null, protected: false, version: 4,
    },
  ],
  next: null,
};

/** The build of a stage with this minimum (as main.tsx applies it). */
function buildWith(minimum: string): void {
  vi.stubEnv('VITE_PASSWORD_MIN_LENGTH', minimum);
  applyBuildPasswordMinimum();
}

afterEach(() => {
  vi.unstubAllEnvs();
  setPasswordMinLength(8);
  localStorage.clear();
});

function mockAdmin(onPost: (body: unknown) => void = () => undefined) {
  mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
  server.use(
    http.get(api('/api/companies'), () => HttpResponse.json({ companies: [], next: null })),
    http.get(api('/api/users'), () => HttpResponse.json(list)),
    http.get(api('/api/users/m1'), () => HttpResponse.json(list.users[0])),
    http.post(api('/api/users'), async ({ request }) => {
      const body = (await request.json()) as { password: string };
      onPost(body);
      return HttpResponse.json({ ...list.users[0], id: 'n', login: 'new@acme.test', plainPassword: body.password, welcomeMailSent: true }, { status: 201 });
    }),
  );
}

describe('the password minimum of the build', () => {
  it('is the spec’s 8 when the build sets nothing', () => {
    buildWith('');
    expect(passwordMinLength()).toBe(8);
  });

  it('a build for 12: the create form says 12 and refuses 11 characters, generates 12', async () => {
    buildWith('12');
    const sent: unknown[] = [];
    mockAdmin((body) => sent.push(body));
    renderApp('/admin/users');
    expect(await screen.findByText(/Temporary: at least 12 characters;/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Login (e-mail)'), 'new@acme.test');
    await userEvent.type(screen.getByLabelText('Main company'), 'Acme');
    await userEvent.type(screen.getByLabelText('Password'), 'Elevenchars');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Password should contain at least 12 symbols')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const generated = (screen.getByLabelText('Password') as HTMLInputElement).value;
    expect(generated).toMatch(/^[A-Za-z0-9]{12}$/);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ password: generated })]));
  });

  it('a build for 12: the edit page’s Change password stays off below 12', async () => {
    buildWith('12');
    mockAdmin();
    renderApp('/admin/users/edit/m1');
    const change = await screen.findByRole('button', { name: 'Change password' });
    expect(screen.getByText(/^At least 12 characters\./)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'Elevenchars');
    expect(change).toBeDisabled();
    await userEvent.type(screen.getByLabelText('New password'), '1');
    expect(change).toBeEnabled();
  });

  it('the reset form says the number in French and Russian (plural forms), and refuses less', async () => {
    buildWith('21');
    server.use(http.get(api('/api/security/password-reset/tok21'), () => HttpResponse.json({ token: 'tok21' })));
    mockSession(null);
    const ru = renderApp('/password-reset/tok21', { locale: 'ru' });
    expect(await screen.findByText('Пароль должен содержать не менее 21 символа')).toBeInTheDocument();
    ru.unmount();
    buildWith('12');
    renderApp('/password-reset/tok21', { locale: 'fr' });
    expect(await screen.findByText('Le mot de passe doit contenir au moins 12 caractères')).toBeInTheDocument();
    const change = screen.getByRole('button', { name: /mot de passe/i, hidden: false });
    const [password, repeat] = screen.getAllByLabelText(/mot de passe/i, { selector: 'input' });
    await userEvent.type(password!, 'Elevenchars');
    await userEvent.type(repeat!, 'Elevenchars');
    expect(change).toBeDisabled();
    await userEvent.type(password!, '1');
    await userEvent.type(repeat!, '1');
    expect(change).toBeEnabled();
  });
});
