import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { twilioSignature } from '../../functions/providers/twilio-signature.js';
import { readLocalTwilioAuthToken, SANDBOX_ACCOUNT_SID } from '../sandboxes/sandbox-telephony.js';
import { toE164 } from '../../functions/contracts/phone.js';
import { LOCAL_PHONE_SCRIPT } from './local-phone-script.js';
import { renderLocalPhonePage } from './local-phone-page.js';
import type { PhoneLines } from './phone-lines.js';
import { describeTwiml, describeWhisper, type CallOutcome } from './local-phone-twiml.js';

/**
 * The local phone at /_local/phone (local runtime only): dials a receptionist's number by posting
 * to the real voice webhook over HTTP, signed as Twilio signs (the telephony sandbox's local auth
 * token), shows the TwiML it got, and, when the call reached the agent, carries on the
 * conversation with the sandbox receptionist server-side (the page never holds a secret). It is
 * also the network's carrier (./phone-lines.ts): a forwarding code dialled from a line forwards
 * it, a call to a forwarded line reaches where it forwards, and a call we dial to such a line
 * comes straight back to us, as it would on a real network. Message mode is spoken to as Twilio's
 * speech recognition hears it.
 */
export interface LocalReceptionist {
  start(input: { salonId: string; test: boolean; callerPhone?: string }): Promise<{ conversationId: string; say: string }>;
  turn(input: { salonId: string; conversationId: string; text: string }): Promise<{ say: string; ended: boolean; transferTo?: string }>;
  end(input: { salonId: string; conversationId: string }): Promise<void>;
}

export interface LocalPhoneOptions {
  authTokenFile: string;
  /** The carrier's side of the local network: lines and their forwarding (./phone-lines.ts). */
  lines: PhoneLines;
  numbers(): Promise<{ phoneNumber: string; state: string; salonName: string | null; live: boolean }[]>;
  salonForNumber(e164: string): Promise<string | null>;
  receptionist: LocalReceptionist;
  /** The caller's text, kept where the outbox page shows it beside the salon's answers. */
  recordText(message: { to: string; from: string; body: string }): void;
  /** The SMS sandbox sees the text first, as Twilio does: its keywords block, unblock or are answered (local/sandboxes/sandbox-sms.ts). */
  receiveText(message: { to: string; from: string; body: string }): Promise<void>;
  /** The SMS sandbox's texts to `to` since `since` (ISO), oldest first: the salon's answers. */
  textsTo(to: string, since: string): Promise<string[]>;
  /** Resolves once the event bus has delivered everything so far (texts its consumers send are answers too). */
  eventsIdle(): Promise<void>;
}

/** A webhook's answer as the page shows it, with what the carrier did on the way (a line's forwarding). */
interface Answer {
  status: number;
  twiml: string;
  outcome: CallOutcome;
  notes?: string[];
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
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
  });
  response.end(text);
}

const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'",
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const newCallSid = () => `CA${randomBytes(16).toString('hex')}`;

export function createLocalPhone(options: LocalPhoneOptions) {
  /** The webhook, as Twilio would call it: signed for the URL the local server is reached at. */
  async function callWebhook(request: IncomingMessage, url: string, form: Record<string, string>): Promise<Answer> {
    const signature = twilioSignature(readLocalTwilioAuthToken(options.authTokenFile), url, form);
    const target = new URL(url);
    const answer = await postForm(request.socket.localPort!, target.host, `${target.pathname}${target.search}`, form, signature);
    return { status: answer.status, twiml: answer.body, outcome: describeTwiml(answer.status, answer.body) };
  }

  const voiceUrl = (request: IncomingMessage, stage?: string) => `http://${request.headers.host}/api/twilio/voice${stage ? `?stage=${stage}` : ''}`;

  /** Twilio's status callback for a call that ended. */
  async function reportEnd(request: IncomingMessage, call: Record<string, string>, status: string, seconds: number) {
    await callWebhook(request, voiceUrl(request, 'status'), {
      ...call,
      CallStatus: status,
      CallDuration: String(seconds),
      Timestamp: new Date().toUTCString(),
    });
  }

  async function connectIfAnswered(outcome: CallOutcome, to: string, from: string) {
    if (outcome.kind !== 'agent') return undefined;
    const salonId = await options.salonForNumber(to);
    if (!salonId) return undefined;
    const started = await options.receptionist.start({ salonId, test: false, callerPhone: from });
    return { salonId, ...started };
  }

  /**
   * A `<Dial>` of ours that nobody picked up, or that rang a line forwarding every call: the
   * carrier sends it on where the line forwards, as a new call (the caller's number, the line as
   * ForwardedFrom). Refused there (our own call come back), our `<Dial>` hears busy.
   */
  async function carrierForwards(
    request: IncomingMessage,
    call: Record<string, string>,
    dialled: string,
    answered: boolean,
  ): Promise<{ status: string; notes: string[] }> {
    if (answered) return { status: 'completed', notes: [] };
    const forwarding = options.lines.forwarding(dialled);
    const onward = forwarding.all ?? forwarding.unanswered;
    if (!onward) return { status: 'no-answer', notes: [] };
    const leg = {
      CallSid: newCallSid(),
      AccountSid: SANDBOX_ACCOUNT_SID,
      From: call.From ?? '',
      To: onward,
      ForwardedFrom: dialled,
      CallStatus: 'ringing',
      Direction: 'inbound',
      ApiVersion: '2010-04-01',
    };
    const answer = await callWebhook(request, voiceUrl(request), leg);
    const notes = [`${dialled} forwards ${forwarding.all ? 'every call' : 'unanswered calls'} to ${onward}: the network sent the call there.`];
    if (answer.outcome.kind === 'rejected') {
      await reportEnd(request, leg, 'busy', 0);
      return { status: 'busy', notes: [...notes, `It came straight back to the receptionist's number and was refused, so ${dialled} was never really rung.`] };
    }
    return { status: 'completed', notes: [...notes, `There: ${answer.outcome.text}`] };
  }

  /** After a webhook answer that dials a line forwarding every call, the carrier acts at once: no ringing. */
  async function followCarrier(request: IncomingMessage, call: Record<string, string>, answer: Answer): Promise<Answer> {
    const { outcome } = answer;
    if ((outcome.kind !== 'forwarded' && outcome.kind !== 'ringing-salon') || !outcome.action) return answer;
    if (!options.lines.forwarding(outcome.number).all) return answer;
    const forwarded = await carrierForwards(request, call, outcome.number, false);
    const next = await callWebhook(request, outcome.action, { ...call, CallStatus: 'in-progress', DialCallStatus: forwarded.status });
    return { ...next, notes: [...(answer.notes ?? []), `The webhook dialled ${outcome.number}.`, ...forwarded.notes] };
  }

  async function dial(request: IncomingMessage, body: Record<string, unknown>) {
    // Twilio gives the caller's number in E.164, however the caller's phone shows it.
    const from = toE164(text(body.from)) ?? (text(body.from) || '+353860000000');
    const dialled = text(body.to);
    const code = options.lines.dialCode(from, dialled);
    if (code) {
      const what = code.kind === 'all' ? 'every call' : 'the calls nobody answers';
      return {
        carrier: code.to
          ? `Call forwarding on ${code.line}: ${what} now go${code.kind === 'all' ? 'es' : ''} to ${code.to}.`
          : `Call forwarding of ${what} on ${code.line} is off.`,
      };
    }
    const to = toE164(dialled) ?? dialled;
    const forwarding = options.lines.forwarding(to);
    const call = {
      CallSid: newCallSid(),
      AccountSid: SANDBOX_ACCOUNT_SID,
      From: from,
      To: to,
      CallStatus: 'ringing',
      Direction: 'inbound',
      ApiVersion: '2010-04-01',
    };
    if (!forwarding.all && forwarding.unanswered) {
      return {
        call,
        startedAt: Date.now(),
        line: { number: to, to: forwarding.unanswered, text: `Ringing ${to}. If nobody answers, the network forwards the call to ${forwarding.unanswered}.` },
      };
    }
    return placeCall(
      request,
      forwarding.all ? { ...call, To: forwarding.all, ForwardedFrom: to } : call,
      forwarding.all ? [`${to} forwards every call to ${forwarding.all}.`] : [],
    );
  }

  async function placeCall(request: IncomingMessage, call: Record<string, string>, notes: string[]) {
    const answer = await followCarrier(request, call, { ...(await callWebhook(request, voiceUrl(request), call)), notes });
    return { call, startedAt: Date.now(), ...answer, conversation: await connectIfAnswered(answer.outcome, call.To ?? '', call.From ?? '') };
  }

  /** A line that forwards unanswered calls rang out: the network sends the call on, to our number. */
  async function lineResult(request: IncomingMessage, body: Record<string, unknown>) {
    const call = (body.call ?? {}) as Record<string, string>;
    const line = toE164(text(body.line));
    const onward = line ? options.lines.forwarding(line).unanswered : undefined;
    if (!line || !onward) throw new Error('that line does not forward unanswered calls');
    return placeCall(request, { ...call, To: onward, ForwardedFrom: line }, [`Nobody answered ${line}: it forwarded the call to ${onward}.`]);
  }

  /**
   * The phone we rang was picked up: Twilio runs the whisper on that leg (<Number url>: its own
   * CallSid, From the caller ID we presented, To the phone), and a person presses its key where a
   * voicemail presses nothing and is hung up on.
   */
  async function whisperLeg(request: IncomingMessage, call: Record<string, string>, whisper: string, rung: string, person: boolean): Promise<string[]> {
    const url = new URL(whisper);
    if (url.host !== request.headers.host || url.pathname !== '/api/twilio/voice') throw new Error('not this webhook');
    const leg = {
      CallSid: newCallSid(),
      AccountSid: SANDBOX_ACCOUNT_SID,
      From: call.To ?? '',
      To: rung,
      CallStatus: 'in-progress',
      Direction: 'outbound-dial',
      ApiVersion: '2010-04-01',
    };
    const heard = describeWhisper((await callWebhook(request, url.toString(), leg)).twiml);
    if (!heard) return [`${rung} picked up and heard nothing from us: it was hung up on.`];
    const notes = [`${rung} hears: “${heard.said}”`];
    if (!person) return [...notes, 'The voicemail presses no key: its leg is hung up on, and the caller goes on.'];
    await callWebhook(request, heard.action, { ...leg, Digits: '1' });
    return [...notes, 'They press 1 and are put through to the caller.'];
  }

  /** A `<Dial>` (ringing the salon first, or forwarding) ends: Twilio posts its action URL, signed the same way. */
  async function dialResult(request: IncomingMessage, body: Record<string, unknown>) {
    const call = (body.call ?? {}) as Record<string, string>;
    const action = new URL(text(body.action));
    if (action.host !== request.headers.host || action.pathname !== '/api/twilio/voice') throw new Error('not this webhook');
    const answered = body.answered === true;
    const whispered = answered && text(body.whisper) ? await whisperLeg(request, call, text(body.whisper), text(body.number), body.voicemail !== true) : [];
    const forwarded = await carrierForwards(request, call, text(body.number), answered);
    const answer = await callWebhook(request, action.toString(), { ...call, CallStatus: 'in-progress', DialCallStatus: forwarded.status });
    return {
      call,
      ...answer,
      notes: [...whispered, ...forwarded.notes],
      conversation: await connectIfAnswered(answer.outcome, call.To ?? '', call.From ?? ''),
    };
  }

  /** Message mode: what the caller says is recognised and posted to the `<Gather>`'s action, as Twilio does. */
  async function speak(request: IncomingMessage, body: Record<string, unknown>) {
    const call = (body.call ?? {}) as Record<string, string>;
    const action = new URL(text(body.action));
    if (action.host !== request.headers.host || action.pathname !== '/api/twilio/voice') throw new Error('not this webhook');
    const answer = await callWebhook(request, action.toString(), { ...call, CallStatus: 'in-progress', SpeechResult: text(body.speech), Confidence: '0.9' });
    await options.eventsIdle();
    return { call, ...answer };
  }

  /** The caller hangs up (or the call ended by itself): Twilio's status callback, signed the same way, records its end. */
  async function hangUp(request: IncomingMessage, body: Record<string, unknown>) {
    const call = (body.call ?? {}) as Record<string, string>;
    const conversation = (body.conversation ?? null) as { salonId?: unknown; conversationId?: unknown } | null;
    if (conversation) await options.receptionist.end({ salonId: text(conversation.salonId), conversationId: text(conversation.conversationId) });
    const startedAt = typeof body.startedAt === 'number' && body.startedAt <= Date.now() ? body.startedAt : Date.now();
    await reportEnd(request, call, body.answered === false ? 'canceled' : 'completed', Math.round((Date.now() - startedAt) / 1000));
    return { status: 200 };
  }

  /** A text to our SMS sender or a salon's number, as Twilio handles it and then posts it to the inbound SMS webhook; answers what came back. */
  async function sendText(request: IncomingMessage, body: Record<string, unknown>) {
    const since = new Date().toISOString();
    const message = {
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      AccountSid: SANDBOX_ACCOUNT_SID,
      From: text(body.from) || '+353860000000',
      To: text(body.to),
      Body: text(body.body),
      NumMedia: '0',
      ApiVersion: '2010-04-01',
    };
    options.recordText({ to: message.To, from: message.From, body: message.Body });
    await options.receiveText({ to: message.To, from: message.From, body: message.Body });
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
      '/_local/phone/line-result': (body) => lineResult(request, body),
      '/_local/phone/speak': (body) => speak(request, body),
      '/_local/phone/hang-up': (body) => hangUp(request, body),
      '/_local/phone/text': (body) => sendText(request, body),
      '/_local/phone/say': (body) =>
        options.receptionist.turn({ salonId: text(body.salonId), conversationId: text(body.conversationId), text: text(body.text) }),
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
