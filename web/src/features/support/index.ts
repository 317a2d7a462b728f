// The support feature's public file: what other features and pages may use (eslint.config.js, featureBoundaries).
export { ContactSupport } from './contact-support';
