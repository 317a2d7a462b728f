// The dashboard feature's public file: what other features may use (eslint.config.js, featureBoundaries).
export { UsageMeter } from './usage-meter';
export type { ReceptionistSummary } from './ai-status';
export { dayHeading } from './upcoming-appointments';
export { salonDate } from './api';
