// The receptionist feature's public file: what other features may use (eslint.config.js, featureBoundaries).
export type { ReceptionistSwitch } from './use-receptionist-switch';
