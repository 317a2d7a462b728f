import { fileURLToPath } from 'node:url';
import { buildWeb } from '../local/server/web-build.js';

/** `npm run build:web`: the production site in web/dist, as `cdk deploy` uploads it. */
await buildWeb(fileURLToPath(new URL('..', import.meta.url)));
