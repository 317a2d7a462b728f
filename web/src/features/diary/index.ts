// The diary feature's public file: what pages and other features may use (eslint.config.js, featureBoundaries).
export { Diary } from './diary';
