import { createContext, useContext } from 'react';
import type { MessageId } from '../i18n/t';
import type { Crumb } from './breadcrumb';

export interface PageInfo {
  title: MessageId;
  /** Full trail including the page itself. */
  crumbs: Crumb[];
}

/** Provided by the router for each page, so feature pages need not know the route table. */
export const PageContext = createContext<PageInfo>({ title: 'app.brand', crumbs: [] });

export const usePage = () => useContext(PageContext);
