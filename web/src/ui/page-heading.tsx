import { T } from '../i18n/t';
import { Breadcrumb } from './breadcrumb';
import { usePage } from './page-context';

/** A page's title (from its route) and its breadcrumb when it is not a top-level page. */
export function PageHeading({ children }: { children?: React.ReactNode }) {
  const { title, crumbs } = usePage();
  return (
    <header className="page-heading">
      {crumbs.length > 1 && <Breadcrumb items={crumbs} />}
      <h1>
        <T id={title} />
      </h1>
      {children}
    </header>
  );
}
