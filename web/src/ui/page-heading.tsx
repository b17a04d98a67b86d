import { T, type MessageId } from '../i18n/t';
import { Breadcrumb } from './breadcrumb';
import { usePage } from './page-context';

/**
 * A page's title (from its route) and its breadcrumb when it is not a top-level page. `title`
 * replaces the route's title, in the heading and as the breadcrumb's last step (a lead feed on
 * the order feed's route).
 */
export function PageHeading({ title, children }: { title?: MessageId; children?: React.ReactNode }) {
  const page = usePage();
  const heading = title ?? page.title;
  const crumbs = title ? page.crumbs.map((crumb, index) => (index === page.crumbs.length - 1 ? { ...crumb, label: title } : crumb)) : page.crumbs;
  return (
    <header className="page-heading">
      {crumbs.length > 1 && <Breadcrumb items={crumbs} />}
      <h1>
        <T id={heading} />
      </h1>
      {children}
    </header>
  );
}
