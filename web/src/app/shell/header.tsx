import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { T, useT } from '../../i18n/t';
import { canSwitchCompany, isAdmin, useCurrentUser } from '../../lib/api/session';
import { AdminSearch } from './admin-search';
import { BrandLink } from './brand';
import { CompanySwitcher } from './company-switcher';
import { LanguageMenu } from './language-menu';
import { TopMenu } from './top-menu';
import { UserMenu } from './user-menu';

export function Header() {
  const { user } = useCurrentUser();
  const t = useT();
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  // The mobile drawer closes after each navigation.
  useEffect(() => setNavOpen(false), [pathname]);
  const toggle = useRef<HTMLButtonElement>(null);
  // And on Escape, as a dialog does, with the focus back on its button.
  useEffect(() => {
    if (!navOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setNavOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen]);

  return (
    <header className="app-header">
      <div className="topbar">
        <BrandLink signedIn={!!user} />
        <div className="topbar-actions">
          {user && isAdmin(user) && (
            <div className="desktop-only">
              <AdminSearch />
            </div>
          )}
          {user && canSwitchCompany(user) && (
            <div className="desktop-only">
              <CompanySwitcher user={user} />
            </div>
          )}
          <LanguageMenu />
          {user ? (
            <UserMenu user={user} />
          ) : (
            user === null && (
              <Link to="/login" className="btn btn-primary btn-sm">
                <T id="nav.signIn" />
              </Link>
            )
          )}
          {user && (
            <button
              ref={toggle}
              type="button"
              className="icon-button nav-toggle"
              aria-expanded={navOpen}
              aria-controls="main-nav"
              aria-label={t(navOpen ? 'nav.closeMenu' : 'nav.openMenu')}
              onClick={() => setNavOpen((value) => !value)}
            >
              <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
                {navOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
              </svg>
            </button>
          )}
        </div>
      </div>
      {user && (
        <div className={`navbar ${navOpen ? 'is-open' : ''}`}>
          <TopMenu user={user} id="main-nav" open={navOpen} />
          {/* On narrow screens the search and the switcher live in the drawer. */}
          {(isAdmin(user) || canSwitchCompany(user)) && navOpen && (
            <div className="drawer-tools mobile-only">
              {isAdmin(user) && <AdminSearch />}
              {canSwitchCompany(user) && <CompanySwitcher user={user} />}
            </div>
          )}
        </div>
      )}
    </header>
  );
}
