import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes, type RouteDefinition } from '../../functions/routes.js';
import { ROUTES_DOC, ROUTES_DOC_COMMAND, TABLE_END, TABLE_START, routesTable, withRoutesTable } from '../../bin/routes-doc.js';

const doc = readFileSync(new URL(`../../${ROUTES_DOC}`, import.meta.url), 'utf8');

describe("docs/architecture.md's routes table", () => {
  it('is the one generated from functions/routes.ts', () => {
    expect(doc, `${ROUTES_DOC}'s routes table is out of date: run \`${ROUTES_DOC_COMMAND}\``).toBe(withRoutesTable(doc));
  });

  it('has a row per route, naming its methods, path, id, auth, grants and what it is', () => {
    const rows = routesTable().split('\n').slice(2);
    expect(rows).toHaveLength(routes.length);
    expect(rows).toContain(
      '| `GET, POST /api/stripe` | `stripe` | owner | `table:read`, `table:write`, `userpool:admin`, `secrets:providers` | ' +
        `${routes.find((route) => route.id === 'stripe')?.summary} |`,
    );
    expect(rows[0]).toMatch(/^\| `GET \/api\/health` \| `get-health` \| public \| none \| \S/);
  });

  it('keeps a pipe in a cell from splitting the row', () => {
    const route: RouteDefinition = { ...routes[0]!, summary: 'status|portal' };
    expect(routesTable([route]).split('\n')[2]).toContain('status\\|portal');
  });

  it('replaces only what lies between the markers, and refuses a doc without them', () => {
    const before = `intro\n${TABLE_START}\nold table\n${TABLE_END}\nafter\n`;
    expect(withRoutesTable(before, 'new table')).toBe(`intro\n${TABLE_START}\nnew table\n${TABLE_END}\nafter\n`);
    expect(() => withRoutesTable('no markers here', 'new table')).toThrow(/markers/);
  });
});
