import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pages } from './pages';
import { adminItems, dataFlow, dataStructure, knowledgeBase, type NavEntry } from './shell/nav-items';

/**
 * Every page carries its menu decision (PageDef.menu, required by the type): a page said to be in
 * the menu is linked from app/shell/nav-items.ts, and a page said to be off the menu is not. A new
 * page therefore cannot be forgotten in the menu, nor put there by accident.
 */
const links = (entries: readonly NavEntry[]): string[] =>
  entries.flatMap((entry) => [...('to' in entry ? [entry.to] : []), ...links(entry.children ?? [])]);
const menuLinks = links([...dataFlow, ...dataStructure, ...knowledgeBase, ...adminItems]);
const linked = (path: string) => menuLinks.filter((to) => matchPath(path, to));

describe('the menu decision of every page', () => {
  it.each(pages.map((page) => [page.path, page] as const))('%s is in the menu exactly when it says so', (path, page) => {
    if (page.menu === 'menu') expect(linked(path), `${path} says menu: 'menu': link it from web/src/app/shell/nav-items.ts`).not.toEqual([]);
    else expect(linked(path), `${path} says it is off the menu (${page.menu.off}) but web/src/app/shell/nav-items.ts links it`).toEqual([]);
  });

  it('every menu link opens a page that says it is in the menu', () => {
    const orphans = menuLinks.filter((to) => !pages.some((page) => page.menu === 'menu' && matchPath(page.path, to)));
    expect(orphans, 'menu links without a page of web/src/app/pages.tsx marked menu: \'menu\'').toEqual([]);
  });
});
