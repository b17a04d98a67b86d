import { useIntl } from 'react-intl';
import { formatPortalYear } from '../../i18n/dates';
import { T, useT } from '../../i18n/t';

export function Footer() {
  const intl = useIntl();
  const t = useT();
  // The year goes through the portal's date helper so digits follow the language's conventions.
  const year = formatPortalYear(intl, new Date());
  return (
    <footer className="app-footer">
      <div className="footer-inner">
        <p>
          <T id="footer.copyright" values={{ year, brand: t('app.brand') }} />
        </p>
        <p className="muted">
          <T id="footer.help" />
        </p>
      </div>
    </footer>
  );
}
