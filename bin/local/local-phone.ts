import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { twilioSignature } from '../../functions/providers/twilio-signature.js';
import { readLocalTwilioAuthToken, SANDBOX_ACCOUNT_SID } from '../../functions/providers/sandbox-telephony.js';
import { LOCAL_PHONE_SCRIPT } from './local-phone-script.js';

/**
 * The local phone at /_local/phone (local runtime only): dials an assigned number by posting to
 * the real voice webhook over HTTP, signed as Twilio signs (the telephony sandbox's local auth
 * token), shows the TwiML it got, and, when the call reached the agent, carries on the
 * conversation with the sandbox receptionist server-side (the page never holds a secret).
 */
export interface LocalReceptionist {
  start(input: { salonId: string; test: boolean; callerPhone?: string }): Promise<{ conversationId: string; say: string }>;
  turn(input: { salonId: string; conversationId: string; text: string }): Promise<{ say: string; ended: boolean; transferTo?: string }>;
  end(input: { salonId: string; conversationId: string }): Promise<void>;
}

export interface LocalPhoneOptions {
  authTokenFile: string;
  numbers(): Promise<{ phoneNumber: string; salonName: string | null; live: boolean }[]>;
  salonForNumber(e164: string): Promise<string | null>;
  receptionist: LocalReceptionist;
  /** The caller's text, kept where the outbox page shows it beside the salon's answers. */
  recordText(message: { to: string; from: string; body: string }): void;
  /** The SMS sandbox's texts to `to` since `since` (ISO), oldest first: the salon's answers. */
  textsTo(to: string, since: string): Promise<string[]>;
  /** Resolves once the event bus has delivered everything so far (texts its consumers send are answers too). */
  eventsIdle(): Promise<void>;
}

export type CallOutcome =
  | { kind: 'agent'; text: string }
  | { kind: 'ringing-salon'; text: string; number: string; seconds: number; action: string }
  | { kind: 'forwarded'; text: string; number: string; action: string | null }
  | { kind: 'message'; text: string; said: string }
  | { kind: 'refused'; text: string }
  | { kind: 'unknown'; text: string };

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const unescapeXml = (text: string) => text.replace(/&(?:amp|lt|gt|quot|apos);/g, (entity) => entities[entity]!);

/** What a caller would experience from this TwiML, in a line. */
export function describeTwiml(status: number, twiml: string): CallOutcome {
  if (status === 403) return { kind: 'refused', text: 'Refused (403): the webhook signature or the caller was not accepted.' };
  if (status !== 200) return { kind: 'unknown', text: `The webhook answered ${status}.` };
  if (/<Connect\b|<Stream\b/.test(twiml)) return { kind: 'agent', text: 'Connected to the agent (the sandbox receptionist answers).' };
  const dial = /<Dial\b([^>]*)>([^<]*)<\/Dial>/.exec(twiml);
  if (dial) {
    const number = unescapeXml(dial[2]!.trim());
    const action = /\baction="([^"]*)"/.exec(dial[1]!);
    const timeout = /\btimeout="(\d+)"/.exec(dial[1]!);
    const then = action ? unescapeXml(action[1]!) : null;
    if (then?.includes('stage=after-salon')) {
      const seconds = Number(timeout?.[1] ?? 30);
      return { kind: 'ringing-salon', text: `Ringing the salon's own phone ${number} for ${seconds} seconds first.`, number, seconds, action: then };
    }
    return { kind: 'forwarded', text: `Forwarded to ${number}.`, number, action: then };
  }
  const say = /<Say\b[^>]*>([^<]*)<\/Say>/.exec(twiml);
  if (say) return { kind: 'message', text: 'A message, then the call ends.', said: unescapeXml(say[1]!) };
  return { kind: 'unknown', text: 'The call ends.' };
}

/** Posts a form to this server's own route over HTTP, with the Host the browser used (what Twilio would sign). */
function postForm(port: number, host: string, path: string, form: Record<string, string>, signature: string): Promise<{ status: number; body: string }> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'x-twilio-signature': signature },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(Buffer.byteLength(text)) });
  response.end(text);
}

const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'",
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function createLocalPhone(options: LocalPhoneOptions) {
  /** The webhook, as Twilio would call it: signed for the URL the local server is reached at. */
  async function callWebhook(request: IncomingMessage, url: string, form: Record<string, string>) {
    const signature = twilioSignature(readLocalTwilioAuthToken(options.authTokenFile), url, form);
    const target = new URL(url);
    const answer = await postForm(request.socket.localPort!, target.host, `${target.pathname}${target.search}`, form, signature);
    return { status: answer.status, twiml: answer.body, outcome: describeTwiml(answer.status, answer.body) };
  }

  async function connectIfAnswered(outcome: CallOutcome, to: string, from: string) {
    if (outcome.kind !== 'agent') return undefined;
    const salonId = await options.salonForNumber(to);
    if (!salonId) return undefined;
    const started = await options.receptionist.start({ salonId, test: false, callerPhone: from });
    return { salonId, ...started };
  }

  async function dial(request: IncomingMessage, body: Record<string, unknown>) {
    const from = text(body.from) || '+353860000000';
    const to = text(body.to);
    const call = { CallSid: `CA${randomBytes(16).toString('hex')}`, AccountSid: SANDBOX_ACCOUNT_SID, From: from, To: to, CallStatus: 'ringing', Direction: 'inbound', ApiVersion: '2010-04-01' };
    const answer = await callWebhook(request, `http://${request.headers.host}/api/twilio/voice`, call);
    return { call, startedAt: Date.now(), ...answer, conversation: await connectIfAnswered(answer.outcome, to, from) };
  }

  /** A `<Dial>` (ringing the salon first, or forwarding) ends: Twilio posts its action URL, signed the same way. */
  async function dialResult(request: IncomingMessage, body: Record<string, unknown>) {
    const call = (body.call ?? {}) as Record<string, string>;
    const action = new URL(text(body.action));
    if (action.host !== request.headers.host || action.pathname !== '/api/twilio/voice') throw new Error('not this webhook');
    const answer = await callWebhook(request, action.toString(), { ...call, CallStatus: 'in-progress', DialCallStatus: body.answered === true ? 'completed' : 'no-answer' });
    return { call, ...answer, conversation: await connectIfAnswered(answer.outcome, call.To ?? '', call.From ?? '') };
  }

  /** The caller hangs up (or the call ended by itself): Twilio's status callback, signed the same way, records its end. */
  async function hangUp(request: IncomingMessage, body: Record<string, unknown>) {
    const call = (body.call ?? {}) as Record<string, string>;
    const conversation = (body.conversation ?? null) as { salonId?: unknown; conversationId?: unknown } | null;
    if (conversation) await options.receptionist.end({ salonId: text(conversation.salonId), conversationId: text(conversation.conversationId) });
    const startedAt = typeof body.startedAt === 'number' && body.startedAt <= Date.now() ? body.startedAt : Date.now();
    const form = { ...call, CallStatus: body.answered === false ? 'canceled' : 'completed', CallDuration: String(Math.round((Date.now() - startedAt) / 1000)), Timestamp: new Date().toUTCString() };
    const answer = await callWebhook(request, `http://${request.headers.host}/api/twilio/voice?stage=status`, form);
    return { status: answer.status };
  }

  /** A text to a salon's number, as Twilio's inbound SMS webhook gets it; answers what the salon texted back. */
  async function sendText(request: IncomingMessage, body: Record<string, unknown>) {
    const since = new Date().toISOString();
    const message = { MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: SANDBOX_ACCOUNT_SID, From: text(body.from) || '+353860000000', To: text(body.to), Body: text(body.body), NumMedia: '0', ApiVersion: '2010-04-01' };
    options.recordText({ to: message.To, from: message.From, body: message.Body });
    const answer = await callWebhook(request, `http://${request.headers.host}/api/twilio/sms`, message);
    await options.eventsIdle();
    return { status: answer.status, answers: await options.textsTo(message.From, since) };
  }

  /** Answers the request when it is the local phone's; false for any other path. */
  return async function handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
    if (url.pathname === '/_local/phone' && request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...PAGE_HEADERS });
      response.end(renderLocalPhonePage());
      return true;
    }
    if (url.pathname === '/_local/phone.js' && request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', ...PAGE_HEADERS });
      response.end(LOCAL_PHONE_SCRIPT);
      return true;
    }
    if (url.pathname === '/_local/phone/numbers' && request.method === 'GET') {
      sendJson(response, 200, await options.numbers());
      return true;
    }
    const actions: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
      '/_local/phone/dial': (body) => dial(request, body),
      '/_local/phone/dial-result': (body) => dialResult(request, body),
      '/_local/phone/hang-up': (body) => hangUp(request, body),
      '/_local/phone/text': (body) => sendText(request, body),
      '/_local/phone/say': (body) => options.receptionist.turn({ salonId: text(body.salonId), conversationId: text(body.conversationId), text: text(body.text) }),
    };
    const action = actions[url.pathname];
    if (!action) return false;
    // JSON only: a page elsewhere cannot post JSON here without a CORS preflight, which fails.
    if (request.method !== 'POST' || !/^application\/json\b/.test(String(request.headers['content-type'] ?? ''))) {
      sendJson(response, 415, { error: 'POST application/json' });
      return true;
    }
    try {
      sendJson(response, 200, await action(await readJson(request)));
    } catch (error) {
      sendJson(response, 400, { error: (error as Error).message });
    }
    return true;
  };
}

export function renderLocalPhonePage(): string {
  return `<!doctype html>
<html lang="en-IE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local phone · SalonDesk</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
.banner{background:#fef3c7;border:1px solid #f59e0b;padding:.75rem 1rem;border-radius:8px}
form{display:grid;gap:.75rem;margin:1rem 0}label{font-weight:600;display:grid;gap:.25rem}input,select{font:inherit;padding:.5rem;border:1px solid #9ca3af;border-radius:6px}
button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer;justify-self:start}
button.secondary{background:#fff;color:#1d4ed8}.outcome{font-size:1.1rem;font-weight:600}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f3f4f6;padding:.75rem;border-radius:6px;font-size:.85rem}
ol.transcript{list-style:none;padding:0}ol.transcript li{margin:.5rem 0;padding:.5rem .75rem;border-radius:8px;background:#eef2ff}ol.transcript li.caller{background:#ecfdf5;text-align:right}
[hidden]{display:none!important}</style>
</head><body><main>
<h1>Local phone</h1>
<p class="banner">Sandbox: no real call is made. This phone posts to the product's own Twilio voice webhook, signed as Twilio signs, and shows what a caller would get.</p>
<form id="dial-form">
  <label for="to">Number to dial <input id="to" name="to" type="tel" list="assigned-numbers" autocomplete="off" required placeholder="+3531…"></label>
  <datalist id="assigned-numbers"></datalist>
  <p id="numbers-hint"></p>
  <label for="from">Calling from <input id="from" name="from" type="tel" value="+353860000000" required></label>
  <button type="submit">Dial</button>
</form>
<section id="result" aria-live="polite" hidden>
  <h2>What the caller gets</h2>
  <p class="outcome" id="outcome"></p>
  <p id="said" hidden></p>
  <div id="dialling" hidden><button type="button" id="salon-answers" class="secondary">The salon answers</button> <button type="button" id="no-answer" class="secondary">Nobody answers</button></div>
  <button type="button" id="end-call" class="secondary" hidden>Hang up</button>
  <p id="ended" aria-live="polite"></p>
  <details open><summary>TwiML from the webhook</summary><pre id="twiml"></pre></details>
</section>
<section id="conversation" hidden aria-labelledby="conversation-heading">
  <h2 id="conversation-heading">Conversation</h2>
  <ol class="transcript" id="transcript" aria-live="polite"></ol>
  <form id="say-form">
    <label for="say">You say <input id="say" name="say" autocomplete="off" required></label>
    <div><button type="submit">Say it</button></div>
  </form>
</section>
<section aria-labelledby="text-heading">
  <h2 id="text-heading">Send a text</h2>
  <p>As a caller texting the salon's number (a reply to a reminder or an offer): posted to the product's Twilio SMS webhook, signed the same way.</p>
  <form id="text-form">
    <label for="text-to">Salon's number <input id="text-to" name="text-to" type="tel" list="assigned-numbers" autocomplete="off" required placeholder="+3531…"></label>
    <label for="text-from">Texting from <input id="text-from" name="text-from" type="tel" value="+353860000000" required></label>
    <label for="text-body">Message <input id="text-body" name="text-body" autocomplete="off" required></label>
    <button type="submit">Send text</button>
  </form>
  <ol class="transcript" id="texts" aria-live="polite"></ol>
</section>
</main><script src="/_local/phone.js"></script></body></html>`;
}
