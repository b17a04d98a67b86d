import { NavLink } from 'react-router-dom';
import type { CurrentUser } from 'shared/domain/types';
import { displayName } from 'shared/domain/roles';
import { routePath, securityLogout } from 'shared/routes';
import { T, useT, type MessageId } from '../../i18n/t';
import { Avatar, initials } from '../../ui/avatar';
import { Dropdown } from '../../ui/dropdown';
import { isAdmin } from '../../lib/api/session';

const adminLinks: { label: MessageId; to: string }[] = [
  { label: 'nav.users', to: '/admin/users' },
  { label: 'nav.companies', to: '/admin/companies' },
  { label: 'nav.translations', to: '/admin/translations' },
  { label: 'nav.integrationStatus', to: '/admin/integration-status' },
  { label: 'nav.defaultCollectors', to: '/admin/default-collectors' },
];

/** Greeting, initials avatar, profile, agenda, admin section (admins only), logout. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const t = useT();
  const name = displayName(user);
  return (
    <Dropdown
      align="end"
      className="user-menu"
      buttonClassName="user-toggle"
      // The visible first name starts the accessible name (WCAG 2.5.3, label in name).
      ariaLabel={t('user.menu', { name: user.firstName || user.login, full: name })}
      label={
        <>
          <Avatar text={initials(user.firstName ?? '', user.lastName ?? '', user.login)} />
          <span className="user-toggle-name" aria-hidden="true">
            {user.firstName || user.login}
          </span>
        </>
      }
    >
      <div className="user-card">
        <Avatar size="lg" text={initials(user.firstName ?? '', user.lastName ?? '', user.login)} />
        <div>
          <p className="user-greeting">
            <T id="user.greeting" values={{ name: user.firstName || name }} />
          </p>
          <p className="muted small">
            <T id="user.signedInAs" values={{ login: user.login }} />
          </p>
          <span className="badge">
            <T id={`user.role.${user.role}` satisfies MessageId} />
          </span>
        </div>
      </div>
      <ul className="menu-list">
        <li>
          <NavLink to="/user/profile" className="menu-item">
            <T id="nav.profile" />
          </NavLink>
        </li>
        <li>
          <NavLink to="/agenda" className="menu-item">
            <T id="nav.agenda" />
          </NavLink>
        </li>
        <li>
          <NavLink to="/mfa-setup" className="menu-item">
            <T id="nav.mfaSetup" />
          </NavLink>
        </li>
      </ul>
      {isAdmin(user) && (
        <>
          <p className="menu-heading">
            <T id="user.adminSection" />
          </p>
          <ul className="menu-list">
            {adminLinks.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="menu-item">
                  <T id={item.label} />
                </NavLink>
              </li>
            ))}
          </ul>
        </>
      )}
      <hr className="menu-separator" />
      <ul className="menu-list">
        <li>
          {/* A plain link: the server clears the cookies and redirects to /login (spec). */}
          <a href={routePath(securityLogout, {})} className="menu-item menu-item-danger">
            <T id="nav.logout" />
          </a>
        </li>
      </ul>
    </Dropdown>
  );
}
