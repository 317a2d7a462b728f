import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.js';
import { routeThrottles } from '../../infra/api.js';
import {
  bitesAt,
  concurrentConversations,
  emailsPerDay,
  peakRequestsPerSecond,
  phoneLambdaConcurrency,
  ROUTE_REQUESTS_PER_SALON_HOUR,
  SALON_COUNTS,
  smsSegmentsPerSecond,
  THROTTLE_HEADROOM,
} from '../../infra/capacity.js';
import { stageConfig } from '../../infra/stage-config.js';

/** The capacity model behind every route throttle and docs/operations.md's table (issue 18 #11). */
describe('the capacity model', () => {
  it('has a figure for every route, and sizes every prod throttle at 3 × its peak at 10,000 salons', () => {
    expect(Object.keys(ROUTE_REQUESTS_PER_SALON_HOUR).sort()).toEqual(routes.map((route) => route.id).sort());
    const prod = routeThrottles(stageConfig('prod'), routes);
    for (const route of routes) {
      expect(prod[route.id]!.rateLimit, route.id).toBeGreaterThanOrEqual(peakRequestsPerSecond(route.id, 10_000) * THROTTLE_HEADROOM);
      expect(prod[route.id]!.burstLimit, route.id).toBeGreaterThanOrEqual(prod[route.id]!.rateLimit);
    }
    expect(prod['agent-tools']).toEqual({ rateLimit: 150, burstLimit: 300 });
    // A stage that is not prod is sized for 100 salons, never below the floor.
    expect(routeThrottles(stageConfig('dev'), routes)['agent-tools']).toEqual({ rateLimit: 5, burstLimit: 10 });
  });

  it('says where the limits that bite before any load are reached', () => {
    const toolCalls = (salons: number) => peakRequestsPerSecond('agent-tools', salons);
    // The old tools throttle (20 requests a second) refused 60% of tool calls at 10,000 salons.
    expect(toolCalls(10_000)).toBeCloseTo(50);
    expect(bitesAt(20, toolCalls)).toBe(4_000);
    // One Twilio number sends one segment a second.
    expect(bitesAt(1, smsSegmentsPerSecond)).toBe(1_250);
    // SES's sandbox sends 200 a day.
    expect(bitesAt(200, emailsPerDay)).toBe(16);
    expect(SALON_COUNTS.map((salons) => Math.round(concurrentConversations(salons)))).toEqual([18, 180, 1_800]);
    expect(Math.round(phoneLambdaConcurrency(10_000))).toBe(61);
  });
});
