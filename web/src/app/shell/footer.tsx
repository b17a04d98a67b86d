import { useIntl } from 'react-intl';
import { T, useT } from '../../i18n/t';

export function Footer() {
  const intl = useIntl();
  const t = useT();
  // The year goes through the date formatter so digits follow the language's conventions.
  const year = intl.formatDate(new Date(), { year: 'numeric' });
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
