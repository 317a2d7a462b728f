/** What the local phone shows of the voice webhook's answer: the TwiML read as a caller would experience it. */
export type CallOutcome =
  | { kind: 'agent'; text: string }
  | { kind: 'ringing-salon'; text: string; number: string; seconds: number; action: string; whisper: string | null }
  | { kind: 'forwarded'; text: string; number: string; action: string | null; whisper: string | null }
  | { kind: 'message-prompt'; text: string; said: string; action: string; nothingSaid: string }
  | { kind: 'message'; text: string; said: string }
  | { kind: 'rejected'; text: string }
  | { kind: 'refused'; text: string }
  | { kind: 'unknown'; text: string };

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const unescapeXml = (text: string) => text.replace(/&(?:amp|lt|gt|quot|apos);/g, (entity) => entities[entity]!);

/** The whisper's TwiML as the person who picked up hears it: its line, and where their key goes. */
export function describeWhisper(twiml: string): { said: string; action: string } | null {
  const gather = /<Gather\b([^>]*)>\s*<Say\b[^>]*>([^<]*)<\/Say>\s*<\/Gather>/.exec(twiml);
  const action = gather ? /\baction="([^"]*)"/.exec(gather[1]!) : null;
  return gather && action ? { said: unescapeXml(gather[2]!), action: unescapeXml(action[1]!) } : null;
}

/** What a caller would experience from this TwiML, in a line. */
export function describeTwiml(status: number, twiml: string): CallOutcome {
  if (status === 403) return { kind: 'refused', text: 'Refused (403): the webhook signature or the caller was not accepted.' };
  if (status !== 200) return { kind: 'unknown', text: `The webhook answered ${status}.` };
  if (/<Connect\b|<Stream\b/.test(twiml)) return { kind: 'agent', text: 'Connected to the agent (the sandbox receptionist answers).' };
  if (/<Reject\b/.test(twiml)) return { kind: 'rejected', text: 'Refused without answering: the caller hears busy.' };
  const gather = /<Gather\b([^>]*)>\s*<Say\b[^>]*>([^<]*)<\/Say>\s*<\/Gather>\s*<Say\b[^>]*>([^<]*)<\/Say>/.exec(twiml);
  if (gather) {
    const action = /\baction="([^"]*)"/.exec(gather[1]!);
    return {
      kind: 'message-prompt',
      text: 'The salon is asking for a message.',
      said: unescapeXml(gather[2]!),
      action: unescapeXml(action?.[1] ?? ''),
      nothingSaid: unescapeXml(gather[3]!),
    };
  }
  const dial = /<Dial\b([^>]*)>(?:<Number\b([^>]*)>([^<]*)<\/Number>|([^<]*))<\/Dial>/.exec(twiml);
  if (dial) {
    const number = unescapeXml((dial[3] ?? dial[4] ?? '').trim());
    // What the person who picks up hears first (<Number url>), before the caller is put through.
    const whisperAt = dial[2] ? /\burl="([^"]*)"/.exec(dial[2]) : null;
    const whisper = whisperAt ? unescapeXml(whisperAt[1]!) : null;
    const action = /\baction="([^"]*)"/.exec(dial[1]!);
    const timeout = /\btimeout="(\d+)"/.exec(dial[1]!);
    const then = action ? unescapeXml(action[1]!) : null;
    // What the rung phone's screen shows: Twilio passes the caller's own number on when callerId is unset.
    const callerId = /\bcallerId="([^"]*)"/.exec(dial[1]!);
    const shows = callerId ? ` Its screen shows ${unescapeXml(callerId[1]!)}.` : " Its screen shows the caller's number.";
    if (then?.includes('stage=after-salon')) {
      const seconds = Number(timeout?.[1] ?? 30);
      return { kind: 'ringing-salon', text: `Ringing ${number} for ${seconds} seconds first.${shows}`, number, seconds, action: then, whisper };
    }
    return { kind: 'forwarded', text: `Forwarded to ${number}.${shows}`, number, action: then, whisper };
  }
  const say = /<Say\b[^>]*>([^<]*)<\/Say>/.exec(twiml);
  if (say) return { kind: 'message', text: 'A message, then the call ends.', said: unescapeXml(say[1]!) };
  return { kind: 'unknown', text: 'The call ends.' };
}
