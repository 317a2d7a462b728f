import { NavLink } from 'react-router';
import type { NavItem } from './nav-links';

export function NavItemLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  return (
    <NavLink to={item.to} end className={item.primary ? 'button button-primary' : 'nav-link'} onClick={onNavigate}>
      {item.label}
    </NavLink>
  );
}
