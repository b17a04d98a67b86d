import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { MailSuppression, UsersAdminList } from 'shared/domain/types';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

const user = {
  id: 'b1', login: 'bounce@simulator.amazonses.com', firstName: 'Bo', lastName: 'Unce', role: 'ROLE_USER', roles: ['ROLE_USER'],
  company: 'Acme', companyId: 'c-acme', lastSignIn: null, managedCompanies: ['Acme'], created: '2026-03-04T10:00:00.000Z', protected: false, version: 1,
} as const;
const list: UsersAdminList = { users: [{ ...user, roles: [...user.roles], managedCompanies: [...user.managedCompanies] }], next: null };
const bounce: MailSuppression = { address: user.login, type: 'bounce', reason: 'General: smtp; 550 5.1.1 user unknown', at: '2026-11-26T14:05:00.000Z' };

afterEach(() => localStorage.clear());

describe('mail suppression on the user edit page', () => {
  it('says since when and why the user gets no mail, and lifts it', async () => {
    let suppression: MailSuppression | null = bounce;
    let lifted = 0;
    mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
    server.use(
      http.get(api('/api/users'), () => HttpResponse.json(list)),
      http.get(api('/api/users/b1'), () => HttpResponse.json(list.users[0])),
      http.get(api('/api/users/b1/mail-suppression'), () => HttpResponse.json({ suppression })),
      http.delete(api('/api/users/b1/mail-suppression'), () => {
        lifted++;
        suppression = null;
        return HttpResponse.json({ suppression: null });
      }),
    );
    renderApp('/admin/users/edit/b1');
    expect(await screen.findByText(/its address bounced|their address bounced/)).toHaveTextContent('on 26/11/2026');
    expect(screen.getByText(/550 5.1.1 user unknown/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mail this address again' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mail this address again' })).not.toBeInTheDocument());
    expect(lifted).toBe(1);
  });
});
