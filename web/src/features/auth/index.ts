// The auth feature's public file: what other features may use (eslint.config.js, featureBoundaries).
export { actsFor, configureAuth, currentOwner, forgetSession, ownerHeaders, pageIsLeaving } from './session';
export { authErrorMessage } from './auth-errors';
export { PasswordField } from './password-field';
