import { NavLink } from 'react-router';
import { LogoMark, MenuIcon } from './icons';
import { MobileMenu } from './mobile-menu';
import { NavItemLink } from './nav-item-link';
import type { NavItem } from './nav-links';

const MOBILE_MENU_ID = 'mobile-menu';

/** Markup only: the menu button opens the menu through `wireMobileMenu` (mobile-menu-behaviour.ts). */
export function SiteHeader({ links }: { links: readonly NavItem[] }) {
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <NavLink to="/" end className="brand">
          <LogoMark />
          SalonDesk<span className="visually-hidden"> home</span>
        </NavLink>
        <nav className="header-nav" aria-label="Main">
          <ul role="list">
            {links.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} />
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className="menu-button" aria-expanded="false" aria-controls={MOBILE_MENU_ID}>
          <MenuIcon />
          Menu
        </button>
      </div>
      <MobileMenu id={MOBILE_MENU_ID} links={links} />
    </header>
  );
}
