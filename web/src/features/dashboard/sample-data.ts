/**
 * The dashboard's skeleton time (the spec's one second). The hard-coded sample figures once kept
 * here ("18 calls, +4 on yesterday", "4.8/5 from 32 ratings") are gone: a new owner read them as
 * her own (issue 46, point 4). Until the first call the cards say what will appear and the first
 * step instead (first-step.tsx).
 */
export const SKELETON_MS = 1000;
