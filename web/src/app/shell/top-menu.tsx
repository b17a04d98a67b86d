import { NavLink, useLocation } from 'react-router-dom';
import type { CurrentUser } from 'shared/domain/types';
import { T, useT, type MessageId } from '../../i18n/t';
import { Dropdown } from '../../ui/dropdown';
import { isAdmin, useCurrentUser } from '../../lib/api/session';
import { feedWording } from '../../i18n/feed-wording';
import { adminItems, dataFlow, dataStructure, knowledgeBase, type NavEntry, type NavLinkItem } from './nav-items';

function MenuLinks({ items }: { items: NavEntry[] }) {
  const { user } = useCurrentUser();
  const product = user?.currentCompany.product;
  return (
    <ul className="menu-list">
      {items.map((item) =>
        'heading' in item ? (
          <li key={item.heading}>
            <span className="menu-heading">
              <T id={feedWording(item.heading, product)} />
            </span>
            <MenuLinks items={item.children} />
          </li>
        ) : (
          <li key={item.to}>
            <NavLink to={item.to} end className="menu-item">
              <T id={item.label} />
            </NavLink>
            {item.children && (
              <div className="menu-sub">
                <MenuLinks items={item.children} />
              </div>
            )}
          </li>
        ),
      )}
    </ul>
  );
}

function flatten(items: NavEntry[]): string[] {
  return items.flatMap((item) => ('heading' in item ? flatten(item.children) : [item.to, ...flatten(item.children ?? [])]));
}

function TopDropdown({ label, items, heading }: { label: MessageId; items: NavEntry[]; heading?: string }) {
  const { pathname } = useLocation();
  const active = flatten(items).includes(pathname);
  return (
    <li className="nav-item">
      <Dropdown label={<T id={label} />} buttonClassName={`nav-link ${active ? 'is-active' : ''}`}>
        {heading && <p className="menu-heading">{heading}</p>}
        <MenuLinks items={items} />
      </Dropdown>
    </li>
  );
}

/** Main navigation of a signed-in user. */
export function TopMenu({ user, id, open }: { user: CurrentUser; id: string; open: boolean }) {
  const t = useT();
  const product = user.currentCompany?.product;
  const productLabel = product ? t(`product.${product}` satisfies MessageId) : undefined;
  const link = (item: NavLinkItem) => (
    <li className="nav-item" key={item.to}>
      <NavLink to={item.to} end className={({ isActive }) => `nav-link ${isActive ? 'is-active' : ''}`}>
        <T id={item.label} />
      </NavLink>
    </li>
  );
  return (
    <nav id={id} className={`main-nav ${open ? 'is-open' : ''}`} aria-label={t('nav.label')}>
      <ul className="nav-list">
        {link({ label: 'nav.dashboard', to: '/dashboard' })}
        <TopDropdown label="nav.dataFlow" items={dataFlow} />
        {/* Data Structure is grouped under the company's product (integration-steps spec). */}
        <TopDropdown label="nav.dataStructure" items={dataStructure} heading={productLabel} />
        <TopDropdown label="nav.knowledgeBase" items={knowledgeBase} />
        {isAdmin(user) && <TopDropdown label="nav.admin" items={adminItems} />}
      </ul>
    </nav>
  );
}
