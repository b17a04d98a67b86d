import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { showServerError } from './app/server-error';
import { server } from './test/server';

// findBy*/waitFor wait up to 15 s instead of 1 s: a loaded machine (2 cores, a lazy chunk compiled
// on first use) must not fail a correct test; a wrong one still fails, only later.
configure({ asyncUtilTimeout: 15_000 });

// msw answers every /api call; an unexpected call fails the test rather than hitting the network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  showServerError(null);
  window.localStorage.clear();
  document.documentElement.lang = 'en';
});
afterAll(() => server.close());
