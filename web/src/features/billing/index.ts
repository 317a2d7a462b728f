// The billing feature's public file: what other features may use (eslint.config.js, featureBoundaries).
export { loadPaymentAccount } from './api';
