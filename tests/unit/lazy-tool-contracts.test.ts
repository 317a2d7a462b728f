import { describe, expect, it, vi } from 'vitest';
import { AGENT_TOOLS } from '../../functions/contracts/agent-tools.js';

/**
 * The tools' contracts are built on first use (docs/architecture.md, "Cold starts"): a cold start
 * of the agent tools builds none and its first call builds its own tool's only; the voice webhook,
 * which imports the contracts for the tools' sentences, builds none at all.
 */
const shapes = vi.hoisted(() => [] as string[]);
vi.mock('zod', async (importOriginal) => {
  const zod = await importOriginal<typeof import('zod')>();
  const strictObject = ((shape: Record<string, unknown>, ...rest: unknown[]) => {
    shapes.push(Object.keys(shape).join(','));
    return (zod.strictObject as (...args: unknown[]) => unknown)(shape, ...rest);
  }) as typeof zod.strictObject;
  return { ...zod, strictObject };
});

const BOOK = 'service,stylist,start,callerName,callerPhone,callerEmail';
const CHECK_AVAILABILITY = 'service,stylist,date,time,partOfDay';

describe("the tools' contracts", () => {
  it('are not built when the registry loads; reading a tool builds its own contract, once', async () => {
    const { toolRegistry } = await import('../../functions/core/agent-tools/registry.js');
    expect(shapes).not.toContain(BOOK);
    expect(shapes).not.toContain(CHECK_AVAILABILITY);
    const contract = toolRegistry['check-availability'].contract;
    expect(contract.safeParse({ service: 'Cut', partOfDay: 'morning' }).success).toBe(true);
    expect(toolRegistry['check-availability'].contract).toBe(contract);
    expect(shapes.filter((shape) => shape === CHECK_AVAILABILITY)).toHaveLength(1);
    expect(shapes).not.toContain(BOOK);
    // Every tool still has its contract.
    for (const tool of AGENT_TOOLS) expect(toolRegistry[tool].contract.safeParse(undefined).success, tool).toBe(false);
  });
});
