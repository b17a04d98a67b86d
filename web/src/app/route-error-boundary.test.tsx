import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockSession, renderApp } from '../test/render';
import { isChunkLoadError } from './route-error-boundary';

// The agenda page throws while rendering; the profile page's chunk fails to load.
vi.mock('../features/agenda/agenda-page', () => ({
  default: () => {
    throw new Error('render failed');
  },
}));
vi.mock('../features/profile/profile-page', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/profile-page-old.js')));

afterEach(() => vi.restoreAllMocks());

describe('route error boundary', () => {
  it('shows a readable page with reload and dashboard actions when a page throws, inside the shell', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockSession(makeUser());
    renderApp('/agenda');
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    // Navigating away recovers.
    await userEvent.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('catches a page whose chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockSession(makeUser());
    renderApp('/user/profile', { locale: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Cette page n’a pas pu être affichée' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();
  });

  it('tells a missing chunk (browsers’ wordings) from other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://portal/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('render failed'))).toBe(false);
  });
});
