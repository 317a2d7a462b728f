import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routes as allRoutes, type RouteDefinition } from '../functions/routes.js';

/**
 * docs/architecture.md's routes table, generated from functions/routes.ts so that it cannot drift:
 * `npx tsx bin/routes-doc.ts` rewrites the lines between the two markers, and
 * tests/unit/routes-doc.test.ts fails when they differ from what this makes.
 */
export const ROUTES_DOC = 'docs/architecture.md';
export const ROUTES_DOC_COMMAND = 'npx tsx bin/routes-doc.ts';
export const TABLE_START = `<!-- routes table: generated from functions/routes.ts by \`${ROUTES_DOC_COMMAND}\`; do not edit by hand -->`;
export const TABLE_END = '<!-- end of routes table -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');
const code = (text: string) => `\`${text}\``;

export function routesTable(routes: readonly RouteDefinition[] = allRoutes): string {
  const rows = routes.map((route) =>
    [code(`${route.methods.join(', ')} ${route.path}`), code(route.id), route.auth, route.grants.map(code).join(', ') || 'none', route.summary]
      .map(cell)
      .join(' | '),
  );
  return ['| route | id | auth | grants | what it is |', '|---|---|---|---|---|', ...rows.map((row) => `| ${row} |`)].join('\n');
}

/** The doc with its table replaced by `table`; throws when the markers are missing or out of order. */
export function withRoutesTable(doc: string, table: string = routesTable()): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${ROUTES_DOC} needs the routes table's markers:\n${TABLE_START}\n${TABLE_END}`);
  return `${doc.slice(0, start + TABLE_START.length)}\n${table}\n${doc.slice(end)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = fileURLToPath(new URL(`../${ROUTES_DOC}`, import.meta.url));
  writeFileSync(path, withRoutesTable(readFileSync(path, 'utf8')));
  console.log(`${ROUTES_DOC}: routes table written from functions/routes.ts`);
}
