import { Link } from 'react-router-dom';
import { T, useT } from '../../i18n/t';
import { BrandMark } from '../../ui/brand-mark';

/** Goes to /dashboard when signed in, otherwise to the landing page (spec, Shell). */
export function BrandLink({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  return (
    <Link to={signedIn ? '/dashboard' : '/'} className="brand" aria-label={t('nav.home', { brand: t('app.brand') })}>
      <BrandMark />
      <span className="brand-name">
        <T id="app.brand" />
      </span>
    </Link>
  );
}
