import { useSyncExternalStore } from 'react';
import type { AppMessageId } from '../i18n/messages/en';

/** A confirmation that a change was saved, e.g. 'User a@b.c saved', shown by ui/notice.tsx's NoticeHost. */
export interface Notice {
  /**
   * An id of the app's own catalogue, never an area's: the notice shows in the shell (ui/notice.tsx),
   * outside any area's messages, and outlives the page that raised it.
   */
  id: AppMessageId;
  values?: Record<string, string | number>;
  /** Tells two equal notices apart (saving the same user twice announces twice). */
  seq: number;
  /** The page the notice belongs to (the list a save returns to); the page it is first shown on when omitted. */
  path?: string;
}

let current: Notice | null = null;
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/**
 * The app's one notice: a page calls it after a successful save, before navigating (the notice
 * survives the navigation, so "saved, back on the list" is one message rather than a silent return).
 */
export function showNotice(id: AppMessageId, values?: Notice['values'], path?: string): void {
  current = { id, values, seq: ++seq, path };
  emit();
}

export function dismissNotice(): void {
  current = null;
  emit();
}

export function useNotice(): Notice | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
