import { useEffect, useRef, type ReactNode } from 'react';
import { ScrollRestoration } from 'react-router';
import { enhanceMarketingPage } from './enhance-marketing-page';
import type { NavItem } from './nav-links';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './marketing.css';

const MAIN_CONTENT_ID = 'main-content';

/**
 * The frame every public page shares. The pages are pre-rendered to HTML at build time
 * (web/src/public-pages/); when the app itself shows one (moving there from a signed-out app
 * page), the same DOM behaviour is wired onto the same markup here. ScrollRestoration sits here
 * because moving between long marketing pages inside the app must start at the top.
 */
export function MarketingLayout({ links, children }: { links: readonly NavItem[]; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => enhanceMarketingPage(frame.current!), []);
  return (
    <div className="marketing" ref={frame}>
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
