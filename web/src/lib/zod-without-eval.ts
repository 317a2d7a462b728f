import { config } from 'zod/v4/core';

/**
 * Zod's fast path compiles parsers with `new Function`, after probing whether it may; the app's
 * CSP (script-src 'self', no 'unsafe-eval') refuses the probe, and Chromium reports every refusal
 * as a Content Security Policy issue (Lighthouse's best practices: inspector-issues), though Zod
 * catches it. Jitless, Zod never probes. Imported first by app.tsx, before anything parses.
 */
config({ jitless: true });
