import { useSyncExternalStore } from 'react';
import type { ServerFailure } from '../lib/api/client';

// A tiny store outside React so the API client (plain module) can raise the error page.
let failure: ServerFailure | null = null;
const listeners = new Set<() => void>();

export function showServerError(next: ServerFailure | null): void {
  failure = next;
  listeners.forEach((listener) => listener());
}

export function useServerError(): ServerFailure | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => failure,
  );
}
