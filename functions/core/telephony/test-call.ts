import type { Ports } from '../ports.js';
import { CLIENT_TOKEN_TTL_SECONDS, type ClientTokenResponse, type EndConferenceRequest } from '../../contracts/telephony.js';
import { DomainError, NotAllowedError, NotFoundError } from '../errors.js';
import { logger } from '../../logger.js';
import { TelephonyError } from '../ports/telephony.js';
import { CLIENT_PREFIX, identityForSalon } from './client-identity.js';
import { testCallLimits } from '../../contracts/receptionist.js';
import { testSecondsLeft } from '../usage/test-minutes.js';

/** The owner's side of the browser test call: the voice SDK's access token, and hanging up. */
export type TestCallDeps = Pick<Ports, 'salons' | 'telephony' | 'agents' | 'usage' | 'now'>;

/** Makes (or updates) the salon's agent: voice-agent/provision.ts's provisionAgent. */
export type EnsureAgent = (salonId: string) => Promise<unknown>;

/** The refusals of the browser test call's token and hang-up (the page's own messages are contracts/test-call.ts's testCallMessages). */
export const testCallRefusals = {
  tokenFailed: 'Failed to get a call token. Please try again.',
  endFailed: 'Failed to end the call.',
  notYourSalon: 'That salon is not yours',
  noSuchCall: 'No such call',
} as const;

function unavailable(message: string, error: unknown): DomainError {
  if (!(error instanceof TelephonyError)) throw error;
  logger.error('telephony provider failed', { detail: error.message });
  return new DomainError('provider_failed', 'telephony_failed', message);
}

/**
 * The voice SDK's token for the owner's salon. A real test call may come before Go Live, when
 * the salon has no agent yet: it is made here, before the browser dials (the webhook only reads).
 */
export async function clientToken(deps: TestCallDeps, salonId: string, ensureAgent: EnsureAgent): Promise<ClientTokenResponse> {
  const salon = await deps.salons.get(salonId);
  if (!salon) throw new NotFoundError();
  const identity = identityForSalon(salonId);
  let token: string;
  let provider: Awaited<ReturnType<TestCallDeps['telephony']['provider']>>;
  try {
    [token, provider] = await Promise.all([deps.telephony.clientToken({ identity, ttlSeconds: CLIENT_TOKEN_TTL_SECONDS }), deps.telephony.provider()]);
  } catch (error) {
    throw unavailable(testCallRefusals.tokenFailed, error);
  }
  // The sandbox's test call is the typed local receptionist: it needs no hosted agent, and its own
  // start checks the free test minutes (receptionist/test-call.ts).
  if (provider === 'twilio') {
    if ((await testSecondsLeft(deps, salon, deps.now())) <= 0) throw new DomainError('conflict', 'test_minutes_used', testCallLimits.minutesUsed);
    if (!(await deps.agents.get(salonId))?.agentId) await ensureAgent(salonId);
  }
  return { token, identity, sandbox: provider === 'sandbox' };
}

/** Ends the owner's own test call: a salonId that is not theirs, or a call their client did not place, changes nothing. */
export async function endTestCall(deps: TestCallDeps, ownSalonId: string, request: EndConferenceRequest): Promise<void> {
  if (request.salonId !== ownSalonId) throw new NotAllowedError(testCallRefusals.notYourSalon);
  let ended: boolean;
  try {
    ended = await deps.telephony.endConference(request.callSid, { from: CLIENT_PREFIX + identityForSalon(ownSalonId) });
  } catch (error) {
    throw unavailable(testCallRefusals.endFailed, error);
  }
  if (!ended) throw new NotFoundError(testCallRefusals.noSuchCall);
}
