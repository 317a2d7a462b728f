import { CheckIcon, LogoMark } from './icons';
import { NavItemLink } from './nav-item-link';
import { FOOTER_NAV } from './nav-links';

const CLAIMS = ['GDPR-ready', 'Data stored in Ireland', 'Cancel anytime', 'No contracts', 'No setup fees', 'Free support'];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <div className="footer-brand">
          <p className="brand">
            <LogoMark />
            SalonDesk
          </p>
          <p>The AI receptionist made for Irish hair salons.</p>
        </div>
        <ul className="footer-claims" role="list" aria-label="Our commitments">
          {CLAIMS.map((claim) => (
            <li key={claim}>
              <CheckIcon />
              {claim}
            </li>
          ))}
        </ul>
        <nav aria-label="Footer">
          <ul role="list" className="footer-links">
            {FOOTER_NAV.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} />
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer-legal">© {new Date().getFullYear()} SalonDesk. Made in Ireland for Irish hair salons.</p>
      </div>
    </footer>
  );
}
