/**
 * cognito-local pulls in the AWS SDK v2, which prints an end-of-support notice, and SDK v3 warns
 * about future Node versions. Neither is actionable for someone running the product locally.
 */
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const text = typeof warning === 'string' ? warning : warning.message;
  if (/AWS SDK for JavaScript/.test(text)) return;
  (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;
