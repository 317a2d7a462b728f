import * as z from 'zod';
import { businessSchema, hoursSchema, serviceSchema, stepThreeRequest, stylistSchema, temporaryStylistKey, type Hours } from '@functions/contracts/setup';
import { serviceToApi, type ServiceDraft } from './service-draft';
import type { BusinessDraft, StylistRow, VoiceDraft } from './wizard-data';

/**
 * Each step form's resolver (use-step-form.ts): the shared contract the server checks the step's
 * request with, read from the form's values as the step sends them.
 */

/** Empty or unreadable numbers are checked as 0 / no price, so every rule reports at once (a type error would stop zod early). */
const forChecking = (value: number | null) => (value === null || Number.isNaN(value) ? null : value);

const checkableService = (service: ServiceDraft) => ({
  ...serviceToApi(service),
  duration: forChecking(service.duration) ?? 0,
  deposit: forChecking(service.deposit) ?? 0,
  ...(service.consultation
    ? {}
    : service.isRange
      ? { price_min: forChecking(service.price_min), price_max: forChecking(service.price_max) }
      : { price: forChecking(service.price) }),
});

/** Unsaved stylists are checked under the temporary key their position gives them (team-payload.ts). */
const checkableStylists = (stylists: StylistRow[]) =>
  stylists.map((stylist, index) => ({ key: stylist.id ?? temporaryStylistKey(index), name: stylist.name, ...(stylist.days ? { days: stylist.days } : {}) }));

export interface BusinessValues {
  business: BusinessDraft;
  hours: Hours;
}

/** Step 1: business details and opening hours (stepOneRequest's parts), read from the form's values as they are. */
export const businessForm = /* @__PURE__ */ (() =>
  z.preprocess((values: BusinessValues) => values, z.object({ business: businessSchema, hours: hoursSchema })))();

/** Step 2: the stylists and the services (stepTwoRequest's rows). */
export const teamForm = /* @__PURE__ */ (() =>
  z.object({
    stylists: z.preprocess(checkableStylists, z.array(stylistSchema)),
    services: z.array(z.preprocess(checkableService, serviceSchema)),
  }))();
export interface TeamValues {
  stylists: StylistRow[];
  services: ServiceDraft[];
}

/** Step 3: the voice, the greeting and the phone numbers (stepThreeRequest). */
export const voiceForm = /* @__PURE__ */ (() => z.preprocess((voice: VoiceDraft) => ({ step: 3, ...voice }), stepThreeRequest))();
