import { createContext, useContext } from 'react';
import type { MessageId } from '../i18n/t';
import type { Crumb } from './breadcrumb';

export interface PageInfo {
  title: MessageId;
  /** Full trail including the page itself. */
  crumbs: Crumb[];
  /**
   * A page whose name depends on its data (the order feed page is the lead feed page for
   * non-360 companies) gives its translated name here; null goes back to the route's title.
   */
  retitle: (text: string | null) => void;
}

/** Provided by the router for each page, so feature pages need not know the route table. */
export const PageContext = createContext<PageInfo>({ title: 'app.brand', crumbs: [], retitle: () => undefined });

export const usePage = () => useContext(PageContext);
