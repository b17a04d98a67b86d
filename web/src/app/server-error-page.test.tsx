import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, makeUser, mockSession, renderApp } from '../test/render';
import { server } from '../test/server';

describe('500 page', () => {
  it('shows an HTML answer as a page in a sandboxed frame (no script), with a title of its own', async () => {
    mockSession(makeUser());
    const html = '<!doctype html><html><body><h1>Bad gateway</h1><script>parent.stolen = 1</script></body></html>';
    server.use(http.get(api('/api/integration-status'), () => new HttpResponse(html, { status: 500, headers: { 'content-type': 'text/html' } })));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'The server could not complete your request' })).toBeInTheDocument();
    const frame = screen.getByTitle('The server’s answer');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(html);
    // Not rendered as markup of the portal, not shown as raw tags either.
    expect(screen.queryByText(/<h1>Bad gateway/)).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Onboarding Portal | The server could not complete your request'));
  });

  it('shows the API’s JSON error message as text', async () => {
    mockSession(makeUser());
    server.use(http.get(api('/api/integration-status'), () => HttpResponse.json({ code: 'internal', message: '<b>Database</b> unavailable' }, { status: 500 })));
    renderApp('/dashboard');
    expect(await screen.findByText('<b>Database</b> unavailable')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
