import type { RouteObject } from 'react-router';
import { RouteErrorBoundary } from './components/route-error-boundary';
import { ShellFallback } from './app-shell/shell-fallback';
import { redirectSignedInVisitor, requireOwner, redirectUnknownPath } from './lib/route-guards';

/**
 * Every page is its own chunk: the marketing pages never download the signed-in app's code
 * (auth SDK, voice SDK, payments). Guards run as loaders so a redirect happens before render.
 */
export const appRoutes: RouteObject[] = [
  {
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <ShellFallback />,
    children: [
      { path: '/', loader: redirectSignedInVisitor, lazy: () => import('./pages/home').then(asRoute) },
      { path: '/how-it-works', lazy: () => import('./pages/how-it-works').then(asRoute) },
      { path: '/pricing', lazy: () => import('./pages/pricing').then(asRoute) },
      { path: '/terms', lazy: () => import('./pages/terms').then(asRoute) },
      { path: '/privacy', lazy: () => import('./pages/privacy').then(asRoute) },
      { path: '/auth', loader: redirectSignedInVisitor, lazy: () => import('./pages/auth').then(asRoute) },
      { path: '/reset-password', lazy: () => import('./pages/reset-password').then(asRoute) },
      { path: '/account-deleted', lazy: () => import('./pages/account-deleted').then(asRoute) },
      { path: '/dashboard', loader: requireOwner, lazy: () => import('./pages/dashboard').then(asRoute) },
      { path: '/setup-wizard', loader: requireOwner, lazy: () => import('./pages/setup-wizard').then(asRoute) },
      { path: '/diary', loader: requireOwner, lazy: () => import('./pages/diary').then(asRoute) },
      { path: '/calls', loader: requireOwner, lazy: () => import('./pages/calls').then(asRoute) },
      { path: '/settings', loader: requireOwner, lazy: () => import('./pages/settings').then(asRoute) },
      { path: '/test', loader: requireOwner, lazy: () => import('./pages/test').then(asRoute) },
      { path: '*', loader: redirectUnknownPath },
    ],
  },
];

function asRoute(module: { default: React.ComponentType }) {
  return { Component: module.default };
}
