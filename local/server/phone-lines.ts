import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { toE164 } from '../../functions/contracts/phone.js';

/**
 * The local phone's network, as a carrier runs it: any line can forward its calls (every call, or
 * the ones nobody answers) to another number, set and cleared by dialling the GSM codes Irish
 * networks take (3GPP TS 22.030: `*21*<number>#` every call, `*61*<number>#` unanswered ones,
 * `#21#` / `#61#` off; `**` and `##` too). A salon's own line forwarded to its receptionist
 * then behaves as it does on Eir, Vodafone or Three: a call to the line reaches our number with
 * the line named as ForwardedFrom, and a call we put through to the line comes straight back.
 * Kept in the data folder, so forwarding survives a restart as it does on a real line.
 */
export type ForwardKind = 'all' | 'unanswered';

export interface LineForwarding {
  all?: string;
  unanswered?: string;
}

export type CodeResult = { line: string; kind: ForwardKind; to: string | null };

const CODE = /^(\*{1,2}|#{1,2})(21|61)(?:\*([+\d]{3,20}))?#$/;
const KIND: Record<string, ForwardKind> = { '21': 'all', '61': 'unanswered' };

export interface PhoneLines {
  /** A forwarding code dialled on `line`: what it set (to null: forwarding off); null when `dialled` is not such a code. */
  dialCode(line: string, dialled: string): CodeResult | null;
  forwarding(line: string): LineForwarding;
}

export function createPhoneLines(file: string): PhoneLines {
  const lines: Record<string, LineForwarding> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, LineForwarding>) : {};
  const save = () => writeFileSync(file, JSON.stringify(lines, null, 2), { mode: 0o600 });
  return {
    dialCode(line, dialled) {
      const match = CODE.exec(dialled.replace(/\s/g, ''));
      const from = toE164(line);
      if (!match || !from) return null;
      const [, prefix, code, number] = match;
      const kind = KIND[code!]!;
      const switchingOn = prefix!.startsWith('*');
      const to = switchingOn && number ? toE164(number) : null;
      if (switchingOn && !to) return null;
      const current = { ...lines[from] };
      if (to) current[kind] = to;
      else delete current[kind];
      lines[from] = current;
      save();
      return { line: from, kind, to };
    },
    forwarding(line) {
      const e164 = toE164(line);
      return (e164 && lines[e164]) || {};
    },
  };
}
