/**
 * The single source of the HTTP API: CDK makes one Lambda per entry, the local server mounts the
 * same entries. `auth: 'owner'` routes need a signed-in owner's access token (Cognito JWT
 * authorizer in AWS, the same checks with jose locally).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAuth = 'owner' | 'public';

export interface RouteDefinition {
  /** Stable identifier: names the Lambda and its log group. */
  id: string;
  path: string;
  methods: readonly HttpMethod[];
  /** Module (relative to the repository root) exporting `handler`. */
  entry: string;
  auth: RouteAuth;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** Lambda memory in MB; defaults suit a JSON route. */
  memoryMb?: number;
  timeoutSeconds?: number;
  /** Which resources the route's Lambda may touch (least privilege grants in CDK). */
  grants: readonly Grant[];
}

export type Grant =
  | 'table:read'
  | 'table:write'
  | 'uploads:read'
  | 'uploads:write'
  | 'events:put'
  | 'userpool:admin';

const JSON_BODY_LIMIT = 64 * 1024;

export const routes: readonly RouteDefinition[] = [
  {
    id: 'get-health',
    path: '/api/health',
    methods: ['GET'],
    entry: 'functions/api/get-health.ts',
    auth: 'public',
    maxBodyBytes: 0,
    grants: [],
  },
  {
    id: 'get-salon',
    path: '/api/salon',
    methods: ['GET'],
    entry: 'functions/api/get-salon.ts',
    auth: 'owner',
    maxBodyBytes: 0,
    grants: ['table:read', 'table:write', 'userpool:admin'],
  },
  {
    id: 'delete-account',
    path: '/api/account/delete',
    methods: ['POST'],
    entry: 'functions/api/delete-account.ts',
    auth: 'owner',
    maxBodyBytes: JSON_BODY_LIMIT,
    timeoutSeconds: 29,
    grants: ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'events:put', 'userpool:admin'],
  },
];

export function findRoute(method: string, path: string): RouteDefinition | undefined {
  return routes.find((route) => route.path === path && route.methods.includes(method as HttpMethod));
}

export function findRouteById(id: string): RouteDefinition {
  const route = routes.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`No route with id ${id} in functions/routes.ts`);
  return route;
}
