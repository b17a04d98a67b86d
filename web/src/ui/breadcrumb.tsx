import { Link } from 'react-router-dom';
import { T, useT, type MessageId } from '../i18n/t';

export interface Crumb {
  label: MessageId;
  to?: string;
}

/** Trail of parents; the last item is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const t = useT();
  return (
    <nav aria-label={t('breadcrumb.label')} className="breadcrumb">
      <ol>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.label}-${index}`}>
              {item.to && !last ? (
                <Link to={item.to}>
                  <T id={item.label} />
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>
                  <T id={item.label} />
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
