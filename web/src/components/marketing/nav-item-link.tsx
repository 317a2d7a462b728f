import { NavLink } from 'react-router';
import type { NavItem } from './nav-links';

export function NavItemLink({ item }: { item: NavItem }) {
  return (
    <NavLink to={item.to} end className={item.primary ? 'button button-primary' : 'nav-link'}>
      {item.label}
    </NavLink>
  );
}
