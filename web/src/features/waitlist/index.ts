// The waiting-list feature's public file: what pages and other features may use (eslint.config.js, featureBoundaries).
export { WaitingList } from './waiting-list';
