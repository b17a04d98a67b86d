import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, mockSession, renderApp } from '../test/render';

// The shell itself (the user menu in the header) throws while rendering.
vi.mock('./shell/user-menu', () => ({
  UserMenu: () => {
    throw new Error('header failed');
  },
}));

describe('shell error boundary', () => {
  it('shows the readable error page, not a blank screen, when the header itself fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockSession(makeUser());
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});
