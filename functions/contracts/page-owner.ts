/**
 * The owner a page of the web app was loaded for, sent beside its access token. Tabs share one
 * stored session: a tab left open after its owner signed out would otherwise act with the token of
 * whoever signs in next, so the API refuses a request whose token is not the named owner's
 * (RELIABILITY 99). A module of its own: every route checks it, and loads nothing else with it.
 */
export const PAGE_OWNER_HEADER = 'x-salondesk-owner';
