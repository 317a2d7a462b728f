import type * as z from 'zod';
import type { SetupState, Stylist, stepOneRequest, stepThreeRequest, stepTwoRequest } from '@functions/contracts/setup';
import type { CalendarReturnPage } from '@functions/contracts/calendar';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { ownerHeaders } from '../auth';
import { messages } from '@functions/contracts/messages';
import { PRICE_LIST_FIELD, priceListMessages, type AutoFillSkip, type ServiceReview } from '@functions/contracts/price-list';

/** The setup wizard's calls to the app API, typed against the shared contracts. */

export const SAVE_FAILED = 'Save failed';
export const LOAD_FAILED = 'Failed to load setup data';
export const OAUTH_START_FAILED = 'Failed to start Google OAuth';
export const OAUTH_SIGN_IN_FIRST = 'Please sign in first.';
export const CALENDAR_CONNECTION_FAILED = 'Calendar connection failed. Please try again.';
export const EXTRACT_FAILED = priceListMessages.extractFailed;
export const AUTO_FILL_FAILED = priceListMessages.autoFillFailed;
export const PREVIEW_FAILED = 'Failed to generate preview';
export const PREVIEW_NO_URL = 'No preview URL received';

export const importedMessage = priceListMessages.imported;
export const autoFilledMessage = priceListMessages.autoFilled;
export const autoFillSkippedMessage = priceListMessages.autoFillSkipped;
export const importNeedsReviewMessage = priceListMessages.importNeedsReview;

/** A service as the API carries it (prices in euro and cent, 7.50; deposits in whole euros). */
export interface ApiService {
  id?: string;
  name: string;
  duration: number | null;
  price: number | null;
  price_min: number | null;
  price_max: number | null;
  isRange: boolean;
  /** "Price on consultation": no price. */
  consultation?: boolean;
  comment: string;
  /** Whole euros; 0 = none. Absent on services saved before deposits existed. */
  deposit?: number;
  /** What the import was unsure of (extracted services only). */
  review?: ServiceReview[];
}

export interface Calendar {
  id: string;
  summary: string;
}

export function loadSetup(): Promise<SetupState> {
  return apiFetch<SetupState>('/api/setup/load', { fallbackError: LOAD_FAILED });
}

/** What setup saved: the dashboard's progress, and the wizard's and Settings' forms (which take it once, see use-setup-load.ts). */
export const setupQuery = queryOptions({ queryKey: queryKeys.setup, queryFn: loadSetup });

/** Step payloads as the shared contracts take them (before their defaults and clean-ups). */
export type StepOnePayload = z.input<typeof stepOneRequest>;
export type StepThreePayload = z.input<typeof stepThreeRequest>;
/** The form sends its services as it holds them (an empty duration as null): it checks them against the contract first, and the server refuses what still fails. */
export type StepTwoPayload = Omit<z.input<typeof stepTwoRequest>, 'services'> & { services: ApiService[] };

export interface StepTwoSaved {
  saved: 2;
  stylists: Stylist[];
  mappings: Record<string, string>;
  services: (ApiService & { id: string })[];
  keyToId: Record<string, string>;
  currentStep: number;
}

/**
 * Saves one step; once saved, what setup saved and the salon's readiness are read again wherever
 * they show (the answer waits for that, so Settings can take the saved section back from the cache).
 */
export function saveStep(payload: StepOnePayload | StepThreePayload, client: QueryClient): Promise<{ saved: number; currentStep: number }>;
export function saveStep(payload: StepTwoPayload, client: QueryClient): Promise<StepTwoSaved>;
export async function saveStep(payload: StepOnePayload | StepTwoPayload | StepThreePayload, client: QueryClient): Promise<unknown> {
  const saved = await apiFetch('/api/setup/step', { method: 'POST', body: JSON.stringify(payload), fallbackError: SAVE_FAILED });
  await Promise.all([client.invalidateQueries({ queryKey: queryKeys.setup }), client.invalidateQueries({ queryKey: queryKeys.salon })]);
  return saved;
}

/** The setup as last read, when that read succeeded. */
export function latestSetup(client: QueryClient): SetupState | null {
  const state = client.getQueryState(setupQuery.queryKey);
  return state?.status === 'success' && state.data ? state.data : null;
}

/** Asks the server for the consent URL; the caller sends the browser there. */
/** `from`: the page Google sends the owner back to (the wizard unless it is Settings). */
export async function startGoogleOAuth(from: CalendarReturnPage = 'setup-wizard'): Promise<string> {
  try {
    const query = from === 'settings' ? '?from=settings' : '';
    const { url } = await apiFetch<{ url?: string }>(`/api/google/oauth/start${query}`, { method: 'POST', fallbackError: OAUTH_START_FAILED });
    if (!url) throw new ApiError(500, OAUTH_START_FAILED);
    return url;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new ApiError(401, OAUTH_SIGN_IN_FIRST);
    throw new ApiError(error instanceof ApiError ? error.status : 0, OAUTH_START_FAILED);
  }
}

export function listCalendars(): Promise<Calendar[]> {
  return apiFetch<Calendar[]>('/api/google/list-calendars');
}

export function autoFillDurations(services: ApiService[]): Promise<{ services: ApiService[]; updated: number; skipped?: AutoFillSkip[] }> {
  return apiFetch('/api/services/extract?route=auto-fill-durations', {
    method: 'POST',
    body: JSON.stringify({ services }),
    fallbackError: AUTO_FILL_FAILED,
  });
}

export interface UploadCallbacks {
  /** Fraction of the request body sent so far, 0..1. */
  onProgress(fraction: number): void;
  /** The whole body has been sent; the server is now reading the files. */
  onUploaded(): void;
}

function extractError(xhr: XMLHttpRequest): string {
  const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    if (text && text.length < 300 && !text.trimStart().startsWith('<')) return text;
  }
  return EXTRACT_FAILED;
}

/**
 * Uploads price-list files (field `files`) with XMLHttpRequest, because fetch cannot report
 * upload progress. Resolves with the extracted services (ids start `ext_`).
 */
export async function extractServices(files: File[], callbacks: UploadCallbacks, signal?: AbortSignal): Promise<ApiService[]> {
  const owner = await ownerHeaders();
  if (!owner) throw new ApiError(401, messages.signInAgain);
  const form = new FormData();
  for (const file of files) form.append(PRICE_LIST_FIELD, file, file.name);
  return new Promise<ApiService[]>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/services/extract');
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(owner)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) callbacks.onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => {
      callbacks.onProgress(1);
      callbacks.onUploaded();
    };
    xhr.onload = () => {
      if (xhr.status === 401) return reject(new ApiError(401, messages.signInAgain));
      if (xhr.status < 200 || xhr.status >= 300) return reject(new ApiError(xhr.status, extractError(xhr)));
      try {
        const body = JSON.parse(xhr.responseText) as ApiService[] | { services?: ApiService[] };
        const services = Array.isArray(body) ? body : body.services;
        if (!Array.isArray(services)) throw new Error('No services in the response');
        resolve(services);
      } catch {
        reject(new ApiError(xhr.status, EXTRACT_FAILED));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, EXTRACT_FAILED));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** A short sample of a voice (no auth). Throws with the message the product shows when there is nothing to play. */
export async function fetchVoicePreview(voiceId: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(`/api/elevenlabs?action=preview&voiceId=${encodeURIComponent(voiceId)}`, { signal });
  if (!response.ok) throw new Error(PREVIEW_FAILED);
  const body = (await response.json().catch(() => ({}))) as { previewUrl?: unknown; error?: unknown };
  if (body.error) throw new Error(PREVIEW_FAILED);
  if (typeof body.previewUrl !== 'string' || !body.previewUrl) throw new Error(PREVIEW_NO_URL);
  return body.previewUrl;
}
