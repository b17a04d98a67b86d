import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { showServerError } from './app/server-error';
import { server } from './test/server';

// findBy*/waitFor wait up to 15 s instead of 1 s: a loaded machine (2 cores, a lazy chunk compiled
// on first use) must not fail a correct test; a wrong one still fails, only later.
configure({ asyncUtilTimeout: 15_000 });

// msw answers every /api call. A call no handler answers fails the test that made it: msw's own
// 'error' mode only logs and hands the page a network error, which a page may show and a test pass.
const unhandled: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  }),
);
afterEach(() => {
  const calls = unhandled.splice(0);
  cleanup();
  server.resetHandlers();
  showServerError(null);
  window.localStorage.clear();
  document.documentElement.lang = 'en';
  if (calls.length) throw new Error(`requests no msw handler answered: ${calls.join(', ')} (add a handler in the test or web/src/test/server.ts)`);
});
afterAll(() => server.close());
