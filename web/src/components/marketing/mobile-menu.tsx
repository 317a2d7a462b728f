import { CloseIcon, LogoMark } from './icons';
import type { NavItem } from './nav-links';
import { NavItemLink } from './nav-item-link';

/** The full-screen menu's markup; `wireMobileMenu` (mobile-menu-behaviour.ts) opens and closes it. */
export function MobileMenu({ id, links }: { id: string; links: readonly NavItem[] }) {
  return (
    <dialog id={id} className="mobile-menu" aria-label="Menu">
      <div className="mobile-menu-top">
        <span className="brand" aria-hidden="true">
          <LogoMark />
          SalonDesk
        </span>
        <button type="button" className="menu-button menu-close" data-menu-close>
          <CloseIcon />
          Close<span className="visually-hidden"> menu</span>
        </button>
      </div>
      <nav aria-label="Main">
        <ul role="list" className="mobile-menu-links">
          {links.map((item) => (
            <li key={item.label}>
              <NavItemLink item={item} />
            </li>
          ))}
        </ul>
      </nav>
    </dialog>
  );
}
