import middy from '@middy/core';
import { deps } from '../composition-root.js';
import type { z } from 'zod';
import { AGENT_TOOLS, agentToolQuery, idempotencyKey, toolSay, toolSchemas, type AgentTool, type ToolInput } from '../contracts/agent-tools.js';
import { salonForAuthorization, TooManySecretAttempts } from '../core/agent-secret.js';
import { book } from '../core/booking/book.js';
import { cancel } from '../core/booking/cancel.js';
import { checkAvailability, type ToolAnswer } from '../core/booking/check-availability.js';
import { ToolError } from '../core/booking/errors.js';
import { reschedule } from '../core/booking/reschedule.js';
import { listServices, salonInfo, takeMessage, transfer } from '../core/booking/salon-tools.js';
import { AppError } from '../http/errors.js';
import { describeIssues, errorResponse, isJsonContentType, json, type ApiEvent, type ApiResult } from '../http/handler.js';
import { logger } from '../http/logger.js';
import { findRouteById } from '../routes.js';

/**
 * `POST /api/agent/tools?tool=<name>`: the voice agent's server tools, one Lambda for the whole
 * conversation. The salon comes from the agent secret (`Authorization: Bearer …`), never from
 * the body. Answers `{ok: true, say, …}`; refusals are 4xx `{ok: false, say, error, code}`.
 */
const route = findRouteById('agent-tools');

function header(event: ApiEvent, name: string): string | undefined {
  const headers = event.headers ?? {};
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key ? headers[key] : undefined;
}

/** What the agent hears for errors that carry no sentence of their own. */
function sayFor(status: number, code: string): string {
  if (status === 401) return toolSay.unauthorized;
  if (status === 413) return toolSay.bodyTooLarge;
  if (status === 503 || status === 429) return toolSay.busy;
  if (code === 'calendar_not_connected' || code === 'calendar_broken') return toolSay.notReady;
  if (status >= 400 && status < 500) return toolSay.badInput;
  return toolSay.failed;
}

function refusal(status: number, code: string, say: string, error: string, data: Record<string, unknown> = {}, headers: Record<string, string> = {}): ApiResult {
  return json(status, { ok: false, say, error, code, ...data }, headers);
}

export function toolErrorResponse(error: unknown): ApiResult {
  if (error instanceof TooManySecretAttempts) return refusal(error.status, error.code, error.say, error.message, {}, { 'retry-after': String(error.retryAfterSeconds) });
  if (error instanceof ToolError) return refusal(error.status, error.code, error.say, error.message, error.data);
  if (error instanceof AppError) return refusal(error.status, error.code, sayFor(error.status, error.code), error.message, error.details ? { details: error.details } : {});
  // Unknown failures: logged and turned into a safe 500/503 in the one place that does it.
  const response = errorResponse(error);
  const body = JSON.parse(String(response.body)) as { error: string; code: string };
  return refusal(response.statusCode ?? 500, body.code, sayFor(response.statusCode ?? 500, body.code), body.error, {}, (response.headers ?? {}) as Record<string, string>);
}

/** Which sentence a bad parameter gets: the first problem decides. */
function sayForField(field: string | undefined): string {
  switch (field) {
    case 'callerPhone':
      return toolSay.badPhone;
    case 'date':
      return toolSay.badDate;
    case 'time':
      return toolSay.badTime;
    case 'start':
    case 'newStart':
      return toolSay.badStart;
    default:
      return toolSay.badInput;
  }
}

function parseBody(event: ApiEvent): unknown {
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  if (!raw.trim()) return {};
  if (!isJsonContentType(event)) {
    throw new ToolError(415, 'unsupported_media_type', toolSay.badInput, 'Request body must be JSON (Content-Type: application/json)');
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new ToolError(400, 'bad_request', toolSay.badInput, 'Request body is not valid JSON');
  }
}

function toolOf(event: ApiEvent): AgentTool {
  const result = agentToolQuery.safeParse(event.queryStringParameters ?? {});
  if (result.success) return result.data.tool;
  const problem = describeIssues(result.error, 'query');
  if (result.error.issues.some((issue) => issue.path[0] === 'tool')) throw new ToolError(400, 'unknown_tool', toolSay.unknownTool, problem.message);
  throw new ToolError(400, 'bad_request', toolSay.badInput, problem.message);
}

function parseInput<T extends AgentTool>(tool: T, body: unknown): ToolInput<T> {
  const result = (toolSchemas[tool] as z.ZodType).safeParse(body);
  if (!result.success) {
    const problem = describeIssues(result.error);
    // Unknown fields (a salonId, say) are named first: they are the refusal that matters.
    const unknown = result.error.issues.find((issue) => issue.code === 'unrecognized_keys');
    const first = unknown ?? result.error.issues[0];
    const field = first?.path[0];
    const message = unknown?.code === 'unrecognized_keys' ? `Unknown field(s): ${unknown.keys.join(', ')}` : problem.message;
    throw new ToolError(400, 'bad_request', sayForField(typeof field === 'string' ? field : undefined), message, problem.details ? { details: problem.details } : {});
  }
  return result.data as ToolInput<T>;
}

async function run(tool: AgentTool, salonId: string, event: ApiEvent, body: unknown): Promise<ToolAnswer> {
  const dependencies = deps();
  switch (tool) {
    case 'salon-info':
      parseInput(tool, body);
      return salonInfo(dependencies, salonId);
    case 'list-services':
      parseInput(tool, body);
      return listServices(dependencies, salonId);
    case 'check-availability':
      return checkAvailability(dependencies, salonId, parseInput(tool, body));
    case 'book': {
      const input = parseInput(tool, body);
      const rawKey = header(event, 'idempotency-key');
      let key: string | undefined;
      if (rawKey !== undefined) {
        const parsedKey = idempotencyKey.safeParse(rawKey);
        if (!parsedKey.success) throw new ToolError(400, 'bad_request', toolSay.badInput, parsedKey.error.issues[0]!.message);
        key = parsedKey.data;
      }
      return book(dependencies, salonId, input, { ...(key ? { idempotencyKey: key } : {}), source: 'phone-agent' });
    }
    case 'cancel':
      return cancel(dependencies, salonId, parseInput(tool, body));
    case 'reschedule':
      return reschedule(dependencies, salonId, parseInput(tool, body));
    case 'take-message':
      return takeMessage(dependencies, salonId, parseInput(tool, body));
    case 'transfer':
      parseInput(tool, body);
      return transfer(dependencies, salonId);
  }
}

export const handler = middy<ApiEvent, ApiResult>().handler(async (event) => {
  const started = performance.now();
  const tool = event.queryStringParameters?.tool;
  const known = (AGENT_TOOLS as readonly string[]).includes(tool ?? '') ? (tool as AgentTool) : undefined;
  let result: ApiResult;
  try {
    const size = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').length : Buffer.byteLength(event.body, 'utf8')) : 0;
    if (size > route.maxBodyBytes) throw new ToolError(413, 'payload_too_large', toolSay.bodyTooLarge, `Request body is too large (limit ${route.maxBodyBytes / 1024} KB)`);
    // Authentication first: without the secret nothing else is revealed, not even the tool names.
    const salonId = await salonForAuthorization(deps(), header(event, 'authorization'), event.requestContext.http.sourceIp);
    if (!salonId) throw new ToolError(401, 'unauthorized', toolSay.unauthorized, 'Missing or unknown agent secret');
    result = json(200, await run(toolOf(event), salonId, event, parseBody(event)));
  } catch (error) {
    result = toolErrorResponse(error);
  }
  logger.info('agent tool', { tool: known ?? 'unknown', status: result.statusCode, ms: Math.round(performance.now() - started) });
  return result;
});
