import { matchPath, Outlet, useLocation } from 'react-router-dom';
import { T } from '../../i18n/t';
import { NoticeHost } from '../../ui/notice';
import { pages } from '../pages';
import { CompanyChangedNotice } from './company-changed';
import { Footer } from './footer';
import { Header } from './header';
import { LanguageMenu } from './language-menu';

/** Skip link, header (hidden on the sign-in page, as the spec asks), main area, footer. */
export function Layout() {
  const { pathname } = useLocation();
  const chromeless = pages.some((page) => page.chromeless && matchPath(page.path, pathname));
  return (
    <div className={`app ${chromeless ? 'app-chromeless' : ''}`}>
      <a className="skip-link" href="#main">
        <T id="app.skipToContent" />
      </a>
      {chromeless ? (
        // The header is hidden on the sign-in page, but the language must stay reachable.
        <div className="chromeless-tools">
          <LanguageMenu />
        </div>
      ) : (
        <Header />
      )}
      <main id="main" tabIndex={-1} className="app-main">
        <CompanyChangedNotice />
        <NoticeHost />
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
