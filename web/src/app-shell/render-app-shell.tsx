import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '../components/toast';
import CallsPage from '../pages/calls';
import DashboardPage from '../pages/dashboard';
import DiaryPage from '../pages/diary';
import SettingsPage from '../pages/settings';
import SetupWizardPage from '../pages/setup-wizard';
import TestPage from '../pages/test';
import type { SignedInShellPath } from '../../site-files';
import type { Owner } from '../features/auth/session';

/**
 * The signed-in pages as they first draw, rendered at build time (local/server/web-build.ts) so a
 * phone paints the page's frame and skeletons from the HTML, before the app's script and the auth
 * library arrive. Each is the page's own component with nothing loaded yet (no owner, every read
 * pending), so the app's first render draws the same boxes in the same places and nothing shifts.
 */
const PAGES: Record<SignedInShellPath, ComponentType> = {
  '/dashboard': DashboardPage,
  '/diary': DiaryPage,
  '/calls': CallsPage,
  '/test': TestPage,
  '/settings': SettingsPage,
  '/setup-wizard': SetupWizardPage,
};

const NO_OWNER: Owner = { userId: '', email: '' };

export interface RenderedShell {
  /** The page's <title> (React hoists it to the front of the output). */
  head: string;
  body: string;
}

const TOASTS = '<div class="toasts" role="region" aria-label="Notifications"></div>';
/** Text naming the day it was rendered (`data-dated`): the shell's date script (web/site-files.ts) writes today's; the line keeps its height. */
const DATED = /(<(\w+)\s[^>]*data-dated="true"[^>]*>)[^<]*(<\/\2>)/g;
const HOISTED_HEAD = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>)*/;

export async function renderAppShell(path: SignedInShellPath): Promise<RenderedShell> {
  const handler = createStaticHandler([{ path, Component: PAGES[path], loader: () => NO_OWNER }]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // A client nobody fetches with: on the server every read stays pending, as it is on the app's first render.
  const queries = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queries}>
        <ToastProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  const head = HOISTED_HEAD.exec(html)?.[0] ?? '';
  if (!head.includes('<title>')) throw new Error(`${path} rendered no <title>`);
  // The notifications region is the app's own (ToastProvider draws it beside the shell it replays).
  const body = html.slice(head.length).replace(TOASTS, '').replace(DATED, '$1&nbsp;$3');
  if (body.includes('class="toasts"')) throw new Error(`${path}: the notifications region no longer has the shape the shell removes`);
  return { head, body };
}
