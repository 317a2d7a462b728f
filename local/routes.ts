import { findRoute, routes as productRoutes, type HttpMethod, type RouteDefinition } from '../functions/routes.js';

/**
 * The routes only `npm start` serves: the stand-ins' own pages and the typed test call. The local
 * server mounts them beside functions/routes.ts's, which CDK deploys; these it never sees, so no
 * Lambda is made of them (tests/infra/lambda-bundle.test.ts). Grants are kept as a deployed route's
 * would be, for the reader; nothing enforces them locally.
 */
export const localRoutes: readonly RouteDefinition[] = [
  // The local stand-in for Google's consent page (404 once Google credentials are set).
  {
    id: 'google-sandbox-consent',
    summary: "The local stand-in for Google's consent page",
    path: '/api/google/sandbox-consent',
    methods: ['GET'],
    entry: 'local/pages/google-sandbox-consent.ts',
    auth: 'public',
    maxBodyBytes: 0,
    grants: ['table:read', 'secrets:providers'],
  },
  // The owner's test call, typed in the browser and answered by the sandbox receptionist (404 once Twilio is set up).
  {
    id: 'receptionist',
    summary: 'The sandbox test call, typed in the browser',
    path: '/api/receptionist',
    methods: ['POST'],
    entry: 'local/pages/receptionist.ts',
    auth: 'owner',
    maxBodyBytes: 4 * 1024,
    grants: ['table:read', 'table:write', 'events:put', 'tokens:crypt', 'secrets:providers'],
  },
  // The local Checkout, customer portal, Connect onboarding and booking deposit pages (404 once Stripe keys
  // are set), which deliver signed webhooks to the webhook handler.
  {
    id: 'stripe-sandbox',
    summary: 'The local Checkout, customer portal, Connect onboarding and deposit pages',
    path: '/api/stripe/sandbox',
    methods: ['GET', 'POST'],
    entry: 'local/pages/stripe-sandbox.ts',
    auth: 'public',
    maxBodyBytes: 1024,
    grants: ['table:read', 'table:write', 'events:put', 'tokens:crypt', 'secrets:providers'],
  },
];

/** Every route the local server answers: the deployed ones, then the local-only ones. */
export const allLocalRoutes: readonly RouteDefinition[] = [...productRoutes, ...localRoutes];

export function findLocalRoute(method: string, path: string): RouteDefinition | undefined {
  return findRoute(method, path) ?? localRoutes.find((route) => route.path === path && route.methods.includes(method as HttpMethod));
}
