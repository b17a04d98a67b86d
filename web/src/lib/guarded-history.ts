import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { parsePath, UNSAFE_createBrowserHistory, UNSAFE_createMemoryHistory, type Location, type Navigator, type To } from 'react-router-dom';

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Update = Parameters<Parameters<History['listen']>[0]>[0];

/** Where a navigation goes (hash left out: a guard compares pages). */
interface NextLocation {
  pathname: string;
  search: string;
  state: unknown;
}

/** True: the navigation from `current` to `next` waits for the user's answer. */
export type NavigationGuard = (current: Location, next: NextLocation) => boolean;

/** A navigation the guard held: go on, or stay where we are. */
export interface HeldNavigation {
  proceed: () => void;
  reset: () => void;
}

/** What the router hears: a location change, and whether to apply it at once (flushSync) rather than in a transition. */
type GuardedListener = (update: Update, sync: boolean) => void;

export interface GuardedHistory {
  readonly action: Update['action'];
  readonly location: Location;
  /** Given to react-router's <Router>: Link, useNavigate and <Navigate> call it. */
  readonly navigator: Navigator;
  listen: (listener: GuardedListener) => () => void;
  /** One guard at a time (the app has one, lib/use-unsaved-changes.ts); null removes it. */
  setGuard: (guard: NavigationGuard | null) => void;
  held: () => HeldNavigation | null;
  subscribeHeld: (listener: () => void) => () => void;
}

const nextOf = (to: To, state: unknown): NextLocation => {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return { pathname: path.pathname ?? '', search: path.search ?? '', state: state ?? null };
};

/**
 * react-router's own history (browser, or memory for tests), with what its data router gives
 * and its declarative router does not: a guard that can hold a navigation until the user answers.
 * The data router costs 18 KB gzip more on every first load, for this alone (docs/web.md).
 *
 * As the data router's blockers do: a push or replace (Link, navigate(), <Navigate>) the guard
 * holds is not made until `proceed()`; a Back or Forward it holds is undone at once
 * (history.go(-delta)), and `proceed()` makes it again. A navigation made by `proceed()` is not
 * asked again. Entries without react-router's index (delta null) cannot be undone and pass.
 * `navigate(to, { flushSync: true })` is applied outside a transition (integration status filters).
 */
function guardedHistory(inner: History): GuardedHistory {
  let guard: NavigationGuard | null = null;
  let held: HeldNavigation | null = null;
  const heldListeners = new Set<() => void>();
  // The location the app shows: during a Back or Forward, inner.location is already the next one.
  let shown = inner.location;
  // The next update comes from navigate(..., { flushSync: true }).
  let sync = false;
  // Our own undo of a held Back/Forward is on its way (the browser's popstate comes later).
  let undoing = false;
  let afterUndo: (() => void) | null = null;
  // The next Back/Forward is a held one, proceeded: not asked again.
  let passing = false;

  const hold = (next: HeldNavigation | null) => {
    held = next;
    heldListeners.forEach((listener) => listener());
  };
  const asks = (next: NextLocation) => guard !== null && guard(shown, next);

  /** A push or replace, unless the guard holds it. */
  const change =
    (make: (to: To, state?: unknown) => void) =>
    (to: To, state?: unknown, options?: { flushSync?: boolean }) => {
      const go = () => {
        sync = options?.flushSync === true;
        make(to, state);
      };
      if (!asks(nextOf(to, state))) return go();
      hold({
        proceed: () => {
          hold(null);
          go();
        },
        reset: () => hold(null),
      });
    };

  return {
    get action() {
      return inner.action;
    },
    get location() {
      return shown;
    },
    navigator: {
      createHref: (to) => inner.createHref(to),
      encodeLocation: (to) => inner.encodeLocation(to),
      go: (delta) => inner.go(delta),
      push: change((to, state) => inner.push(to, state)),
      replace: change((to, state) => inner.replace(to, state)),
    },
    listen(listener) {
      return inner.listen((update) => {
        if (update.action === 'POP') {
          if (undoing) {
            undoing = false;
            const next = afterUndo;
            afterUndo = null;
            next?.();
            return;
          }
          if (passing) passing = false;
          else if (update.delta !== null && update.delta !== 0 && asks(nextOf(update.location, update.location.state))) {
            const delta = update.delta;
            undoing = true;
            inner.go(-delta);
            hold({
              proceed: () => {
                hold(null);
                const again = () => {
                  passing = true;
                  inner.go(delta);
                };
                // The memory history undoes at once; the browser's popstate may still be on its way.
                if (undoing) afterUndo = again;
                else again();
              },
              reset: () => hold(null),
            });
            return;
          }
        }
        shown = update.location;
        const flush = sync;
        sync = false;
        listener(update, flush);
      });
    },
    setGuard(next) {
      guard = next;
      if (!next && held) hold(null);
    },
    held: () => held,
    subscribeHeld(listener) {
      heldListeners.add(listener);
      return () => heldListeners.delete(listener);
    },
  };
}

/** The browser's history, guarded; or, for tests, a memory history at these entries. */
export const createGuardedHistory = (initialEntries?: string[]): GuardedHistory =>
  guardedHistory(initialEntries ? UNSAFE_createMemoryHistory({ initialEntries, v5Compat: true }) : UNSAFE_createBrowserHistory({ v5Compat: true }));

/** The app's guarded history (app/app.tsx provides it with the router). */
export const GuardedHistoryContext = createContext<GuardedHistory | null>(null);

/**
 * Installs `guard` (keep it stable: useCallback) while the component is mounted, and returns the
 * navigation it holds, if any. One guard at a time, as react-router's useBlocker.
 */
export function useNavigationGuard(guard: NavigationGuard): HeldNavigation | null {
  const history = useContext(GuardedHistoryContext);
  if (!history) throw new Error('useNavigationGuard needs the app\'s router (app/app.tsx)');
  useEffect(() => {
    history.setGuard(guard);
    return () => history.setGuard(null);
  }, [history, guard]);
  return useSyncExternalStore(history.subscribeHeld, history.held);
}
