import { describe, expect, it } from 'vitest';
import { callOutcome } from '../../../functions/core/calls/call-outcome.js';
import { billingPeriodAt, billingPeriodById, TRIAL_MINUTES } from '../../../functions/core/usage/billing-period.js';

const ended = {
  endedAt: '2026-11-20T10:03:00.000Z',
  test: false,
  transferred: false,
  finalStatus: 'completed',
  agentConnected: false,
  salonAnswered: false,
  route: 'agent' as const,
  durationSeconds: 180,
};

describe('how a call ended', () => {
  it.each([
    ['still going', { endedAt: null }, null],
    ['the owner testing', { test: true, agentConnected: true }, 'test-call'],
    ['the agent put the caller through', { agentConnected: true, transferred: true }, 'transferred'],
    ['the agent took it', { agentConnected: true }, 'answered'],
    ['the salon picked up a forwarded call', { route: 'forwarded', salonAnswered: true }, 'forwarded'],
    ['the salon picked up while ringing first', { route: 'salon-first', salonAnswered: true }, 'forwarded'],
    ['the agent took it after the salon rang out', { route: 'salon-first', agentConnected: true }, 'answered'],
    ['a forwarded call nobody picked up', { route: 'forwarded' }, 'missed'],
    ['hung up while the salon rang first', { route: 'salon-first', durationSeconds: 8 }, 'abandoned'],
    ['hung up before it was answered', { finalStatus: 'canceled', durationSeconds: 0 }, 'abandoned'],
    ['busy', { finalStatus: 'busy', durationSeconds: 0 }, 'missed'],
    ['no answer', { finalStatus: 'no-answer', durationSeconds: 0 }, 'missed'],
    ['failed', { finalStatus: 'failed', durationSeconds: 0 }, 'missed'],
  ] as const)('%s', (_name, facts, outcome) => {
    expect(callOutcome({ ...ended, ...facts })).toBe(outcome);
  });
});

describe('billing periods before subscriptions', () => {
  const salon = { createdAt: '2026-11-01T09:30:00.000Z' };

  it('the 14-day trial from sign-up, with the Starter minutes', () => {
    expect(billingPeriodAt(salon, new Date('2026-11-15T09:29:59.000Z'))).toEqual({
      kind: 'trial',
      id: 'trial',
      minutesIncluded: TRIAL_MINUTES,
      startsAt: '2026-11-01T09:30:00.000Z',
      endsAt: '2026-11-15T09:30:00.000Z',
    });
    expect(TRIAL_MINUTES).toBe(100);
  });

  it('then calendar months in Irish time, with no minutes included', () => {
    expect(billingPeriodAt(salon, new Date('2026-11-15T09:30:00.000Z'))).toMatchObject({
      kind: 'month',
      id: '2026-11',
      minutesIncluded: 0,
      startsAt: '2026-11-01T00:00:00.000Z',
    });
    // Summer time: the month starts at 23:00 UTC the night before.
    expect(billingPeriodAt(salon, new Date('2027-07-01T00:30:00.000Z'))).toMatchObject({
      id: '2027-07',
      startsAt: '2027-06-30T23:00:00.000Z',
      endsAt: '2027-07-31T23:00:00.000Z',
    });
  });
});

describe('billing periods by id', () => {
  const salon = { createdAt: '2026-11-01T09:30:00.000Z' };
  it('names the trial and the months after it, and nothing else', () => {
    expect(billingPeriodById(salon, 'trial')).toMatchObject({ kind: 'trial', endsAt: '2026-11-15T09:30:00.000Z' });
    expect(billingPeriodById(salon, '2026-12')).toMatchObject({ kind: 'month', id: '2026-12', endsAt: '2027-01-01T00:00:00.000Z' });
    expect(billingPeriodById(salon, '2026-11')).toMatchObject({ kind: 'month', id: '2026-11' });
    expect(billingPeriodById(salon, '2026-10')).toBeNull();
    expect(billingPeriodById(salon, 'soon')).toBeNull();
  });
});
