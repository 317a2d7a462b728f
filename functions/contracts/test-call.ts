/** The browser test call's messages, shared by the page and its tests. */
export const testCallMessages = {
  notSignedIn: 'Not signed in',
  noNumber: 'Your receptionist has no phone number yet. You can still test it here: it gets its own number the moment setup is finished.',
  numberFailed: 'Failed to load phone number',
  sdkFailed: 'The voice SDK failed to initialise. If you use an ad blocker, allow this site and try again.',
  micUnsupported: 'Microphone access is not supported in this browser',
  micDenied: 'Microphone permission denied. Please allow microphone access and try again.',
  micUnavailable: 'Unable to access microphone. Please check your input device.',
  tokenFailed: 'Failed to get a call token. Please try again.',
  sdkNotReady: 'The voice SDK is not ready. Please refresh the page and try again.',
  callFailed: 'Call failed',
  deviceError: 'Device error',
  startFailed: 'Failed to start call.',
} as const;

/** A call that gets no accept event is shown as active after this long. */
export const FORCED_ACTIVE_MS = 2000;
