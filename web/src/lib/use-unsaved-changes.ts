import { createElement, useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { T } from '../i18n/t';
import { ConfirmDialog } from '../ui/dialog';
import { useNavigationGuard, type NavigationGuard } from './guarded-history';

/**
 * Navigation state of a page left right after a successful save: the form may still count as
 * dirty until it re-renders, and a saved form is left without a question.
 * `navigate(to, { state: LEAVING_SAVED })`.
 */
export const LEAVING_SAVED = { leavingSaved: true } as const;

const leavingSaved = (state: unknown) => typeof state === 'object' && state !== null && (state as { leavingSaved?: unknown }).leavingSaved === true;

/**
 * Navigation state of a list's own query change on the same page (search, sort, filter, page:
 * ui/table-tools.tsx `useListUrl`): the page and its forms stay mounted, so nothing typed is lost
 * and nothing is asked (the UTM page's rule form beside its paged traffic was held by the question).
 */
export const LIST_VIEW = { listView: true } as const;

const listView = (state: unknown) => typeof state === 'object' && state !== null && (state as { listView?: unknown }).listView === true;

const dirtyOwners = new Set<symbol>();
const listeners = new Set<() => void>();
let anyDirty = false;
const publish = () => {
  anyDirty = dirtyOwners.size > 0;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Declares that this component holds unsaved changes while `dirty` is true: a form, a row being
 * edited, the translations' text areas. Any number of them may be on a page; one
 * <UnsavedChangesPrompt/> (app/router.tsx) asks before they are lost, because the router keeps
 * one guard at a time (lib/guarded-history.ts).
 */
export function useUnsavedChanges(dirty: boolean): void {
  const [owner] = useState(() => Symbol('unsaved'));
  useEffect(() => {
    if (!dirty) return;
    dirtyOwners.add(owner);
    publish();
    return () => {
      dirtyOwners.delete(owner);
      publish();
    };
  }, [dirty, owner]);
}

/**
 * Warns before unsaved changes are lost: an in-app navigation (menu, link, Back) is held by
 * the router's guard (lib/guarded-history.ts) and asked about in the app's own dialog; a reload or closing the tab
 * gets the browser's own question (beforeunload, whose text browsers no longer let a page set).
 * Only a change of page counts (path or query), not of the hash.
 */
export function UnsavedChangesPrompt(): ReactNode {
  const dirty = useSyncExternalStore(subscribe, () => anyDirty);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const shouldBlock = useCallback<NavigationGuard>(
    (currentLocation, nextLocation) =>
      dirtyRef.current &&
      !leavingSaved(nextLocation.state) &&
      (currentLocation.pathname !== nextLocation.pathname || (currentLocation.search !== nextLocation.search && !listView(nextLocation.state))),
    [],
  );
  const held = useNavigationGuard(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return createElement(ConfirmDialog, {
    open: held !== null,
    message: createElement(T, { id: 'unsavedChanges.title' }),
    description: createElement(T, { id: 'unsavedChanges.description' }),
    confirmLabel: createElement(T, { id: 'unsavedChanges.leave' }),
    onConfirm: () => held?.proceed(),
    onCancel: () => held?.reset(),
  });
}
