import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import HomePage from '../pages/home';
import HowItWorksPage from '../pages/how-it-works';
import PricingPage from '../pages/pricing';
import PrivacyPage from '../pages/privacy';
import TermsPage from '../pages/terms';
import type { PrerenderedPath } from '../../site-files';

/**
 * The server-side half of pre-rendering (local/server/web-build.ts builds this module for Node and calls
 * it at build time): the public pages' own React components rendered to HTML, with the router's
 * static context so links and the current page's marks come out as the app renders them.
 */
const PAGES: Record<PrerenderedPath, RouteObject> = {
  '/': { path: '/', Component: HomePage },
  '/how-it-works': { path: '/how-it-works', Component: HowItWorksPage },
  '/pricing': { path: '/pricing', Component: PricingPage },
  '/terms': { path: '/terms', Component: TermsPage },
  '/privacy': { path: '/privacy', Component: PrivacyPage },
};

export interface RenderedPage {
  /** The title and meta tags the page declares (React hoists them to the front of the output). */
  head: string;
  body: string;
}

const HOISTED_HEAD = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>)*/;

export async function renderPublicPage(path: PrerenderedPath): Promise<RenderedPage> {
  const handler = createStaticHandler([PAGES[path]]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const head = HOISTED_HEAD.exec(html)?.[0] ?? '';
  if (!head.includes('<title>')) throw new Error(`${path} rendered no <title>: every public page declares its own (PageMeta)`);
  return { head, body: html.slice(head.length) };
}
