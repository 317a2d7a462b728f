import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the ElevenLabs Agents Platform endpoints the voice-agent adapter calls (through
 * the official SDK, plus register-call): workspace secrets (create, patch, delete), tools (create, patch,
 * delete), agents (create, read, patch: each top-level field it is sent replaced whole, delete), Twilio register-call and reading a conversation. It keeps what was made, checks
 * what the real API checks that matters here (the API key; a tool's secret and an agent's tools
 * must exist; a secret used by a tool, or a tool used by an agent, cannot be deleted), answers in
 * the API's shapes (snake_case JSON, `{detail}` errors), records every request, and can be told
 * to fail. Point the adapter at it with `apiRoot`.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json?: unknown;
}

interface Failure {
  method?: string;
  path: RegExp;
  status: number;
  times: number;
  /** Matching requests let through before the failures start. */
  after?: number;
}

/** The API's JSON as received: read loosely, as the real service would validate it. */
type Json = Record<string, any>;

export interface FakeElevenLabs {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** secret_id → {name, value} (the value is what the tools' Authorization header will carry). */
  secrets: Map<string, { name: string; value: string }>;
  /** tool id → tool_config as sent. */
  tools: Map<string, Json>;
  /** agent id → {name, conversation_config, tags} as sent (a patch replaces what it names). */
  agents: Map<string, Json>;
  /** register-call bodies, in order. */
  registeredCalls: Json[];
  /** conversation id → the conversation as GET /v1/convai/conversations/{id} answers it (what a test puts there). */
  conversations: Map<string, Json>;
  failNext(failure: Omit<Failure, 'times'> & { times?: number }): void;
  requestsTo(method: string, path: string | RegExp): RecordedRequest[];
  /** Nothing made remains (after deletion, or a refusal part-way). */
  isEmpty(): boolean;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) return response.writeHead(status).end();
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const detail = (status: string, message: string) => ({ detail: { status, message } });

const ACCESS_INFO = { is_creator: true, creator_name: 'Salon Desk', creator_email: 'ops@salondesk.ie', role: 'admin' };

export async function startFakeElevenLabs(options: { apiKey?: string } = {}): Promise<FakeElevenLabs> {
  const apiKey = options.apiKey ?? 'fake-elevenlabs-key';
  const requests: RecordedRequest[] = [];
  const failures: Failure[] = [];
  const secrets = new Map<string, { name: string; value: string }>();
  const tools = new Map<string, Json>();
  const agents = new Map<string, Json>();
  const registeredCalls: Json[] = [];
  const conversations = new Map<string, Json>();
  let counter = 0;
  const newId = (prefix: string) => `${prefix}_${String((counter += 1)).padStart(4, '0')}${Math.random().toString(36).slice(2, 8)}`;

  const secretOf = (toolConfig: Json): string | undefined => toolConfig.api_schema?.request_headers?.Authorization?.secret_id;
  const agentToolIds = (agent: Json): string[] => agent.conversation_config?.agent?.prompt?.tool_ids ?? [];
  const toolAnswer = (id: string) => ({ id, tool_config: tools.get(id), access_info: ACCESS_INFO, usage_stats: { avg_latency_secs: 0 } });
  const agentAnswer = (id: string) => {
    const agent = agents.get(id)!;
    return {
      agent_id: id,
      name: agent.name,
      conversation_config: agent.conversation_config,
      platform_settings: agent.platform_settings,
      metadata: { created_at_unix_secs: 1, updated_at_unix_secs: 2 },
      tags: agent.tags ?? [],
    };
  };

  /** What the real API refuses about a tool: a missing secret, a body schema it cannot take. */
  function toolProblem(toolConfig: Json): string | null {
    if (toolConfig?.type !== 'webhook') return 'tool_config.type must be webhook';
    const secretId = secretOf(toolConfig);
    if (!secretId || !secrets.has(secretId)) return `secret ${secretId} not found`;
    const body = toolConfig.api_schema?.request_body_schema;
    if (body === undefined) return null;
    if (body.type !== 'object') return 'request_body_schema must be an object';
    if (!Object.keys(body.properties ?? {}).length) return 'request_body_schema needs at least one property';
    for (const [name, property] of Object.entries<Json>(body.properties ?? {})) {
      if (!['string', 'number', 'integer', 'boolean'].includes(property.type)) return `${name}: unsupported type ${property.type}`;
      if (!property.description && !property.dynamic_variable && !property.constant_value) return `${name}: a description is required`;
      for (const key of Object.keys(property))
        if (!['type', 'description', 'enum', 'dynamic_variable', 'constant_value', 'is_system_provided'].includes(key)) return `${name}: ${key} not permitted`;
    }
    for (const key of Object.keys(body))
      if (!['type', 'properties', 'required', 'description'].includes(key)) return `request_body_schema: ${key} not permitted`;
    return null;
  }

  function agentProblem(config: Json | undefined): string | null {
    for (const toolId of config?.agent?.prompt?.tool_ids ?? []) if (!tools.has(toolId)) return `tool ${toolId} not found`;
    return null;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readBody(request);
    const record: RecordedRequest = { method: request.method ?? 'GET', path: url.pathname, headers: request.headers, body };
    if (body) {
      try {
        record.json = JSON.parse(body);
      } catch {
        // recorded as text
      }
    }
    requests.push(record);
    if (request.headers['xi-api-key'] !== apiKey) return send(response, 401, detail('invalid_api_key', 'Invalid API key'));
    const failure = failures.find((candidate) => candidate.path.test(url.pathname) && (!candidate.method || candidate.method === record.method));
    if (failure && failure.after) failure.after -= 1;
    else if (failure) {
      failure.times -= 1;
      if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
      return send(response, failure.status, detail('refused', 'Refused (fake)'));
    }
    const input = (record.json ?? {}) as Json;
    const segments = url.pathname.split('/').filter(Boolean); // v1, convai, …
    const [, , resource, id] = segments;
    if (segments[0] !== 'v1' || segments[1] !== 'convai') return send(response, 404, detail('not_found', 'Not found'));

    if (resource === 'secrets') {
      if (record.method === 'POST' && !id) {
        if (input.type !== 'new' || !input.name || typeof input.value !== 'string')
          return send(response, 422, { detail: [{ loc: ['body'], msg: 'invalid secret', type: 'value_error' }] });
        const secretId = newId('secret');
        secrets.set(secretId, { name: input.name, value: input.value });
        return send(response, 200, { type: 'stored', secret_id: secretId, name: input.name });
      }
      if (record.method === 'PATCH' && id) {
        if (!secrets.has(id)) return send(response, 404, detail('secret_not_found', 'Secret not found'));
        if (input.type !== 'update' || !input.name || typeof input.value !== 'string')
          return send(response, 422, { detail: [{ loc: ['body'], msg: 'invalid secret', type: 'value_error' }] });
        secrets.set(id, { name: input.name, value: input.value });
        return send(response, 200, { type: 'stored', secret_id: id, name: input.name });
      }
      if (record.method === 'DELETE' && id) {
        if (!secrets.has(id)) return send(response, 404, detail('secret_not_found', 'Secret not found'));
        if ([...tools.values()].some((tool) => secretOf(tool) === id)) return send(response, 400, detail('secret_in_use', 'The secret is used by a tool'));
        secrets.delete(id);
        return send(response, 204);
      }
    }

    if (resource === 'tools') {
      if (record.method === 'POST' && !id) {
        const problem = toolProblem(input.tool_config);
        if (problem) return send(response, 422, { detail: [{ loc: ['body', 'tool_config'], msg: problem, type: 'value_error' }] });
        const toolId = newId('tool');
        tools.set(toolId, input.tool_config);
        return send(response, 200, toolAnswer(toolId));
      }
      if (record.method === 'PATCH' && id) {
        if (!tools.has(id)) return send(response, 404, detail('tool_not_found', 'Tool not found'));
        const problem = toolProblem(input.tool_config);
        if (problem) return send(response, 422, { detail: [{ loc: ['body', 'tool_config'], msg: problem, type: 'value_error' }] });
        tools.set(id, input.tool_config);
        return send(response, 200, toolAnswer(id));
      }
      if (record.method === 'DELETE' && id) {
        if (!tools.has(id)) return send(response, 404, detail('tool_not_found', 'Tool not found'));
        if ([...agents.values()].some((agent) => agentToolIds(agent).includes(id)))
          return send(response, 400, detail('tool_in_use', 'The tool is used by an agent'));
        tools.delete(id);
        return send(response, 204);
      }
    }

    if (resource === 'agents') {
      if (record.method === 'POST' && id === 'create') {
        const problem = agentProblem(input.conversation_config);
        if (problem) return send(response, 422, { detail: [{ loc: ['body', 'conversation_config'], msg: problem, type: 'value_error' }] });
        const agentId = newId('agent');
        agents.set(agentId, { name: input.name, conversation_config: input.conversation_config, platform_settings: input.platform_settings, tags: input.tags });
        return send(response, 200, { agent_id: agentId });
      }
      if (record.method === 'GET' && id) {
        if (!agents.has(id)) return send(response, 404, detail('agent_not_found', 'Agent not found'));
        return send(response, 200, agentAnswer(id));
      }
      if (record.method === 'PATCH' && id) {
        const agent = agents.get(id);
        if (!agent) return send(response, 404, detail('agent_not_found', 'Agent not found'));
        const problem = agentProblem(input.conversation_config);
        if (problem) return send(response, 422, { detail: [{ loc: ['body', 'conversation_config'], msg: problem, type: 'value_error' }] });
        agents.set(id, { ...agent, ...input });
        return send(response, 200, agentAnswer(id));
      }
      if (record.method === 'DELETE' && id) {
        if (!agents.delete(id)) return send(response, 404, detail('agent_not_found', 'Agent not found'));
        return send(response, 204);
      }
    }

    if (resource === 'conversations' && id && record.method === 'GET') {
      const conversation = conversations.get(id);
      return conversation ? send(response, 200, conversation) : send(response, 404, detail('conversation_not_found', 'Conversation not found'));
    }

    if (resource === 'twilio' && id === 'register-call' && record.method === 'POST') {
      if (!agents.has(input.agent_id)) return send(response, 404, detail('agent_not_found', 'Agent not found'));
      registeredCalls.push(input);
      const stream = `wss://api.elevenlabs.io/v1/convai/conversation/twilio?agent_id=${encodeURIComponent(input.agent_id)}`;
      response
        .writeHead(200, { 'content-type': 'text/xml' })
        .end(`<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="${stream.replaceAll('&', '&amp;')}"/></Connect></Response>`);
      return;
    }
    return send(response, 404, detail('not_found', 'Not found'));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, detail('error', String((error as Error).message)));
    });
  });
  // Loading the SDK blocks the event loop for seconds: a kept-alive socket the server closed
  // meanwhile would be reused by fetch and reset (ECONNRESET). Idle sockets stay open instead.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    apiKey,
    requests,
    secrets,
    tools,
    agents,
    registeredCalls,
    conversations,
    failNext(failure) {
      failures.push({ ...failure, times: failure.times ?? 1 });
    },
    requestsTo(method, path) {
      return requests.filter((request) => request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path)));
    },
    isEmpty: () => secrets.size === 0 && tools.size === 0 && agents.size === 0,
    close() {
      return new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      });
    },
  };
}
