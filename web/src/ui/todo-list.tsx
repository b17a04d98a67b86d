import { useEffect, useId, useState } from 'react';
import { T, useT } from '../i18n/t';
import { Button } from './button';
import { Card } from './card';
import { ConfirmDialog } from './dialog';

/**
 * The personal to-do list of the dashboard and the profile (accounts spec, Profile): kept in
 * this browser only (localStorage, per user), three default items the first time.
 */
export interface TodoItem {
  id: string;
  title: string;
  done: boolean;
}

const DEFAULT_IDS = ['todo.default.signIn', 'todo.default.analytics', 'todo.default.steps'] as const;
/** The first default, signing in to the tracking product, comes done: the spec counts it for +10% of progress. */
const SIGN_IN_ID = 'default-0';

function load(key: string, defaults: () => TodoItem[]): TodoItem[] {
  try {
    const raw = localStorage.getItem(key);
    if (raw) {
      const parsed = JSON.parse(raw) as unknown;
      if (Array.isArray(parsed)) {
        return parsed.filter(
          (i): i is TodoItem => typeof i?.id === 'string' && typeof i?.title === 'string' && typeof i?.done === 'boolean',
        );
      }
    }
  } catch {
    // A broken entry (edited by hand, quota): start again from the defaults.
  }
  return defaults();
}

const newId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export function TodoList({ userId }: { userId: string }) {
  const t = useT();
  const key = `portal.todo.${userId}`;
  const [items, setItems] = useState<TodoItem[]>(() =>
    load(key, () => DEFAULT_IDS.map((id, i) => ({ id: `default-${i}`, title: t(id), done: i === 0 }))),
  );
  const [title, setTitle] = useState('');
  const [editing, setEditing] = useState<{ id: string; title: string } | null>(null);
  // A delete is confirmed first, as every delete of the portal (spec "Confirm dialog").
  const [deleting, setDeleting] = useState<TodoItem | null>(null);
  const inputId = useId();

  useEffect(() => {
    try {
      localStorage.setItem(key, JSON.stringify(items));
    } catch {
      // Private mode or full storage: the list still works for this visit.
    }
  }, [key, items]);

  const add = () => {
    const value = title.trim();
    if (!value) return;
    setItems((list) => [...list, { id: newId(), title: value.slice(0, 200), done: false }]);
    setTitle('');
  };
  const save = () => {
    if (!editing || !editing.title.trim()) return;
    setItems((list) => list.map((i) => (i.id === editing.id ? { ...i, title: editing.title.trim().slice(0, 200) } : i)));
    setEditing(null);
  };

  return (
    <Card className="todo">
      <h2 className="card-heading">
        <T id="todo.title" />
      </h2>
      <ul className="todo-list">
        {items.map((item) => (
          <li key={item.id} className={item.done ? 'todo-item is-done' : 'todo-item'}>
            <button
              type="button"
              className="todo-check"
              aria-pressed={item.done}
              aria-label={t(item.done ? 'todo.markUndone' : 'todo.markDone', { title: item.title })}
              onClick={() => setItems((list) => list.map((i) => (i.id === item.id ? { ...i, done: !i.done } : i)))}
            />
            <div className="todo-main">
              {editing?.id === item.id ? (
                <input
                  className="input"
                  aria-label={t('todo.editLabel')}
                  value={editing.title}
                  maxLength={200}
                  autoFocus
                  onChange={(e) => setEditing({ id: item.id, title: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') save();
                    if (e.key === 'Escape') setEditing(null);
                  }}
                />
              ) : (
                <span className="todo-title">
                  {item.title}
                  {item.id === SIGN_IN_ID && (
                    <span className="badge todo-bonus">
                      <T id="todo.signInBonus" />
                    </span>
                  )}
                </span>
              )}
              <div className="todo-actions">
                {editing?.id === item.id ? (
                  <Button variant="secondary" className="btn-sm" disabled={!editing.title.trim()} onClick={save}>
                    <T id="todo.save" />
                  </Button>
                ) : (
                  <Button variant="ghost" className="btn-sm" onClick={() => setEditing({ id: item.id, title: item.title })} aria-label={t('todo.editItem', { title: item.title })}>
                    <T id="todo.edit" />
                  </Button>
                )}
                <Button variant="ghost" className="btn-sm" onClick={() => setDeleting(item)} aria-label={t('todo.deleteItem', { title: item.title })}>
                  <T id="todo.delete" />
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <form
        className="todo-add"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <label className="visually-hidden" htmlFor={inputId}>
          <T id="todo.newLabel" />
        </label>
        <input id={inputId} className="input" value={title} maxLength={200} placeholder={t('todo.placeholder')} onChange={(e) => setTitle(e.target.value)} />
        <Button type="submit" disabled={!title.trim()}>
          <T id="todo.add" />
        </Button>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        message={<T id="todo.deleteConfirm" values={{ title: deleting?.title ?? '' }} />}
        onConfirm={() => {
          const doomed = deleting;
          setItems((list) => list.filter((i) => i.id !== doomed?.id));
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
