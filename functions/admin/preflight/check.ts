/**
 * The operator preflight (`npm run admin -- preflight [--stage NAME]`): read-only checks of each
 * configured provider against its real API, one line each with what to fix. Every check module
 * takes its vendor's answers through `VendorHttp` (or an AWS client), so the tests drive them
 * with recorded answers (tests/unit/preflight/fixtures/).
 */
export type CheckStatus = 'ok' | 'info' | 'sandbox' | 'warn' | 'fail';

export interface Check {
  provider: string;
  status: CheckStatus;
  detail: string;
  /** What to do about a warn or fail. */
  fix?: string;
}

export interface VendorAnswer {
  status: number;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: unknown;
  /** The Location of a redirect (only redirects are not followed). */
  location?: string;
}

export type VendorHttp = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  form?: Record<string, string>;
}) => Promise<VendorAnswer>;

/** The vendors' real APIs, read with a timeout; redirects are answers, not followed. */
export function fetchHttp(timeoutMs = 10_000): VendorHttp {
  return async ({ method, url, headers, form }) => {
    const response = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...headers },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (an HTML error page): the text is the answer.
    }
    return { status: response.status, body, ...(response.headers.get('location') ? { location: response.headers.get('location')! } : {}) };
  };
}

export const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A provider with no credentials: the labelled sandbox, which prod never uses. */
export function sandboxCheck(provider: string, prod: boolean, what: string, fix: string): Check {
  return prod
    ? { provider, status: 'fail', detail: `no credentials: prod never uses the ${what} sandbox`, fix }
    : { provider, status: 'sandbox', detail: `no credentials: the labelled ${what} sandbox answers` };
}

/** An answer the check did not expect (a vendor outage, a key without the permission): said as it is. */
export const unexpected = (provider: string, what: string, answer: VendorAnswer): Check => ({
  provider,
  status: 'fail',
  detail: `${what}: the API answered ${answer.status}`,
  fix: 'check the key has this permission and the vendor is up, then run the preflight again',
});

/** A check that could not reach its vendor at all fails, with the reason, instead of stopping the others. */
export async function guarded(provider: string, run: () => Promise<Check[]>): Promise<Check[]> {
  try {
    return await run();
  } catch (error) {
    return [
      {
        provider,
        status: 'fail',
        detail: `could not be checked: ${(error as Error)?.message ?? String(error)}`,
        fix: 'check the network and the credentials, then run the preflight again',
      },
    ];
  }
}

const LABEL: Record<CheckStatus, string> = { ok: 'ok', info: 'info', sandbox: 'sandbox', warn: 'WARN', fail: 'FAIL' };

/** One line per check: `[FAIL] Stripe: … (fix: …)`. */
export function formatCheck(check: Check): string {
  return `[${LABEL[check.status]}] ${check.provider}: ${check.detail}${check.fix ? ` (fix: ${check.fix})` : ''}`;
}

/** The exit code: 1 when anything must be fixed before (or after) a deploy. */
export const exitCode = (checks: readonly Check[]) => (checks.some((check) => check.status === 'fail') ? 1 : 0);
