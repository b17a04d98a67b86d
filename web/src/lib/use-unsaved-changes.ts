import { createElement, useCallback, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
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

// Which components hold unsaved changes, read at the moment a navigation or a reload is asked
// for: a click that follows a keystroke at once (Chromium runs input before React's scheduled
// effects on a busy machine) must already see the form as dirty, so owners register in a layout
// effect (during the commit of the keystroke's render) and the guards read this set, not a copy
// kept by a later effect.
const dirtyOwners = new Set<symbol>();
const anyDirty = () => dirtyOwners.size > 0;

/**
 * Declares that this component holds unsaved changes while `dirty` is true: a form, a row being
 * edited, the translations' text areas. Any number of them may be on a page; one
 * <UnsavedChangesPrompt/> (app/router.tsx) asks before they are lost, because the router keeps
 * one guard at a time (lib/guarded-history.ts).
 */
export function useUnsavedChanges(dirty: boolean): void {
  const [owner] = useState(() => Symbol('unsaved'));
  useLayoutEffect(() => {
    if (!dirty) return;
    dirtyOwners.add(owner);
    return () => {
      dirtyOwners.delete(owner);
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
  const shouldBlock = useCallback<NavigationGuard>(
    (currentLocation, nextLocation) =>
      anyDirty() &&
      !leavingSaved(nextLocation.state) &&
      (currentLocation.pathname !== nextLocation.pathname || (currentLocation.search !== nextLocation.search && !listView(nextLocation.state))),
    [],
  );
  const held = useNavigationGuard(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!anyDirty()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return createElement(ConfirmDialog, {
    open: held !== null,
    message: createElement(T, { id: 'unsavedChanges.title' }),
    description: createElement(T, { id: 'unsavedChanges.description' }),
    confirmLabel: createElement(T, { id: 'unsavedChanges.leave' }),
    onConfirm: () => held?.proceed(),
    onCancel: () => held?.reset(),
  });
}
