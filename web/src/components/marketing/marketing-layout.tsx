import type { ReactNode } from 'react';
import { ScrollRestoration } from 'react-router';
import type { NavItem } from './nav-links';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './marketing.css';

const MAIN_CONTENT_ID = 'main-content';

/**
 * The frame every public page shares. ScrollRestoration sits here because moving between long
 * marketing pages must start at the top (and Back must return to where the visitor was).
 */
export function MarketingLayout({ links, children }: { links: readonly NavItem[]; children: ReactNode }) {
  return (
    <div className="marketing">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      <SiteHeader links={links} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
