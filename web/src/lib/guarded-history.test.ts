import { describe, expect, it, vi } from 'vitest';
import { createGuardedHistory, type NavigationGuard } from './guarded-history';

/** A memory history at /a then /b (current), its guard, and what the router heard. */
function setUp(guard: NavigationGuard = () => true) {
  const history = createGuardedHistory(['/a', '/b']);
  const heard: { action: string; path: string; sync: boolean }[] = [];
  history.listen((update, sync) => heard.push({ action: update.action, path: update.location.pathname, sync }));
  const asked = vi.fn(guard);
  history.setGuard(asked);
  return { history, heard, asked };
}

describe('guarded history', () => {
  it('makes a push or replace the guard lets pass, and says when it wants flushSync', () => {
    const { history, heard, asked } = setUp(() => false);
    history.navigator.push('/c?x=1', { from: 'test' });
    expect(asked).toHaveBeenCalledWith(expect.objectContaining({ pathname: '/b' }), { pathname: '/c', search: '?x=1', state: { from: 'test' } });
    history.navigator.replace('/d', undefined, { flushSync: true });
    expect(heard).toEqual([
      { action: 'PUSH', path: '/c', sync: false },
      { action: 'REPLACE', path: '/d', sync: true },
    ]);
    expect(history.held()).toBeNull();
  });

  it('holds a push until proceed(), and stays on reset()', () => {
    const { history, heard, asked } = setUp();
    const seen = vi.fn();
    history.subscribeHeld(seen);
    history.navigator.push('/c');
    expect(heard).toEqual([]);
    expect(history.location.pathname).toBe('/b');
    expect(history.held()).not.toBeNull();
    expect(seen).toHaveBeenCalledTimes(1);

    history.held()!.reset();
    expect(history.held()).toBeNull();
    expect(history.location.pathname).toBe('/b');

    history.navigator.replace('/d');
    history.held()!.proceed();
    expect(history.held()).toBeNull();
    expect(heard).toEqual([{ action: 'REPLACE', path: '/d', sync: false }]);
    // Proceeding does not ask again.
    expect(asked).toHaveBeenCalledTimes(2);
  });

  it('undoes a held Back at once and makes it on proceed(), without asking again', () => {
    const { history, heard, asked } = setUp();
    history.navigator.go(-1);
    // Undone: the app never saw /a.
    expect(heard).toEqual([]);
    expect(history.location.pathname).toBe('/b');
    expect(asked).toHaveBeenCalledTimes(1);

    history.held()!.proceed();
    expect(heard).toEqual([{ action: 'POP', path: '/a', sync: false }]);
    expect(history.location.pathname).toBe('/a');
    expect(asked).toHaveBeenCalledTimes(1);

    // Forward, held and refused: we stay on /a.
    history.navigator.go(1);
    history.held()!.reset();
    expect(history.location.pathname).toBe('/a');
    expect(heard).toHaveLength(1);
  });

  it('lets everything pass once the guard is gone, and forgets a held navigation', () => {
    const { history, heard } = setUp();
    history.navigator.push('/c');
    expect(history.held()).not.toBeNull();
    history.setGuard(null);
    expect(history.held()).toBeNull();
    history.navigator.push('/c');
    history.navigator.go(-1);
    expect(heard.map((update) => update.path)).toEqual(['/c', '/b']);
  });
});
