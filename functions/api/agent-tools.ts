import * as z from 'zod';
import { deps } from '../composition-root.js';
import { AGENT_TOOLS, agentToolQuery, idempotencyKey, toolSay, type AgentTool } from '../contracts/agent-tools.js';
import { TWILIO_CALL_SID } from '../contracts/calls.js';
import { identifyAgent, TooManySecretAttempts, unknownAgentSecret } from '../core/agent-secret.js';
import { conversationKey, runTool } from '../core/agent-tools/registry.js';
import { ToolError } from '../core/booking/errors.js';
import { header, json, securedRoute, type ApiEvent, type ApiResult } from '../http/handler.js';
import { addLogContext, logger } from '../logger.js';

/**
 * `POST /api/agent/tools?tool=<name>`: the voice agent's server tools, one Lambda for the whole
 * conversation, through the shared handler stack. The salon comes from the agent secret
 * (`Authorization: Bearer …`), never from the body; a secret this instance found before is
 * confirmed beside the tool's first step (`identifyAgent`). Answers `{ok: true, say, …}`; refusals are
 * 4xx `{ok: false, say, error, code}`, `say` being a sentence the agent can speak as it is.
 *
 * The hosted agent's tool definitions also send the conversation (`X-Conversation-Id`, from which
 * a retried `book` gets the same idempotency key), the live call (`X-Call-Sid`, which `transfer`
 * redirects) and whether it is the owner's test call (`X-Test-Call: true`).
 *
 * The path of a call (docs/architecture.md, "One call, end to end"): the voice webhook
 * (twilio-voice.ts) hands the call to the hosted agent, which calls here; next, runTool
 * (functions/core/agent-tools/registry.ts) runs the tool, `book` in functions/core/booking/book.ts.
 */

/** What the agent hears for errors that carry no sentence of their own. */
function sayFor(status: number, code: string): string {
  if (status === 401) return toolSay.unauthorized;
  if (status === 413) return toolSay.bodyTooLarge;
  if (status === 503 || status === 429) return toolSay.busy;
  if (code === 'calendar_not_connected' || code === 'calendar_broken') return toolSay.notReady;
  if (status >= 400 && status < 500) return toolSay.badInput;
  return toolSay.failed;
}

/** The shared stack's refusal, in the tools' dialect (and logged: the agent's failures are the ones callers hear). */
function toolRefusal(refusal: ApiResult, event: ApiEvent, error: unknown): ApiResult {
  const translated = JSON.parse(String(refusal.body)) as { error: string; code: string; details?: Record<string, string> };
  const status = refusal.statusCode ?? 500;
  const headers = { ...(refusal.headers as Record<string, string>) };
  if (error instanceof TooManySecretAttempts) headers['retry-after'] = String(error.retryAfterSeconds);
  const say = error instanceof ToolError ? error.say : sayFor(status, translated.code);
  const data = error instanceof ToolError ? error.data : translated.details ? { details: translated.details } : {};
  const body = { ok: false, say, error: translated.error, code: translated.code, ...data };
  logger.info('agent tool', { tool: toolOf(event) ?? 'unknown', status, code: translated.code });
  return { ...refusal, headers, body: JSON.stringify(body) };
}

function toolOf(event: ApiEvent): AgentTool | undefined {
  const tool = event.queryStringParameters?.tool;
  return (AGENT_TOOLS as readonly string[]).includes(tool ?? '') ? (tool as AgentTool) : undefined;
}

function requireTool(name: string | undefined): AgentTool {
  if ((AGENT_TOOLS as readonly string[]).includes(name ?? '')) return name as AgentTool;
  throw new ToolError('invalid', 'unknown_tool', toolSay.unknownTool, `Unknown tool: use ?tool= one of ${AGENT_TOOLS.join(', ')}`);
}

/** The caller's own `Idempotency-Key`, else one derived from the conversation and the request. */
function idempotencyKeyOf(event: ApiEvent, tool: AgentTool, input: unknown): string | undefined {
  const given = header(event, 'idempotency-key');
  if (given !== undefined) {
    const parsed = idempotencyKey.safeParse(given);
    if (!parsed.success) throw new ToolError('invalid', 'bad_request', toolSay.badInput, parsed.error.issues[0]!.message);
    return parsed.data;
  }
  const conversation = header(event, 'x-conversation-id')?.trim();
  return conversation ? conversationKey(conversation, tool, input) : undefined;
}

export const handler = securedRoute(
  {
    routeId: 'agent-tools',
    identify: async (event) => {
      const caller = await identifyAgent(deps(), header(event, 'authorization'), event.requestContext.http.sourceIp);
      if (!caller) throw unknownAgentSecret();
      return caller;
    },
    query: agentToolQuery,
    // Each tool's own contract checks the arguments, once the tool is known.
    body: z.unknown(),
    errorBody: toolRefusal,
  },
  async ({ salonId, confirmation }, { event, body, query }) => {
    const started = performance.now();
    const tool = requireTool(query.tool);
    const input = body ?? {};
    const key = tool === 'book' ? idempotencyKeyOf(event, tool, input) : undefined;
    const sent = header(event, 'x-call-sid')?.trim();
    // Twilio's `CA` + 32 hex; anything else (an unfilled `{{system__call_sid}}`) is no call.
    const callSid = sent && TWILIO_CALL_SID.test(sent) ? sent : undefined;
    // The call's sid ties this tool's lines, and the events its change writes, to the call's other work.
    addLogContext({ salonId, callSid, correlationId: callSid ?? header(event, 'x-conversation-id')?.trim() });
    const answer = await runTool(deps(), tool, {
      salonId,
      input,
      ...(key ? { idempotencyKey: key } : {}),
      ...(callSid ? { callSid } : {}),
      test: header(event, 'x-test-call')?.trim().toLowerCase() === 'true',
      ...(confirmation ? { confirmation } : {}),
    });
    const booking = (answer as { booking?: { id?: unknown } }).booking;
    if (typeof booking?.id === 'string') addLogContext({ bookingId: booking.id });
    logger.info('agent tool', { tool, status: 200, ms: Math.round(performance.now() - started) });
    return json(200, answer);
  },
);
