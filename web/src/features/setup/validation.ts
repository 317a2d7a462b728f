import { businessSchema, hoursSchema, serviceSchema, stepThreeRequest, stylistSchema, temporaryStylistKey, type Hours } from '@functions/contracts/setup';
import { serviceToApi, type ServiceDraft, type ServiceErrors } from './service-draft';
import type { BusinessDraft, StylistRow, VoiceDraft } from './wizard-data';

/** Each step's check against the shared contract, as errors keyed by the form's fields. */

/** First message of each top-level path of a failed parse. */
function issuesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[], depth = 1): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.slice(0, depth).map(String).join('.');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** Empty or unreadable numbers are checked as 0 / no price, so every rule reports at once (a type error would stop zod early). */
const forChecking = (value: number | null) => (value === null || Number.isNaN(value) ? null : value);

export function validateService(service: ServiceDraft): ServiceErrors {
  const result = serviceSchema.safeParse({
    ...serviceToApi(service),
    duration: forChecking(service.duration) ?? 0,
    deposit: forChecking(service.deposit) ?? 0,
    ...(service.consultation
      ? {}
      : service.isRange
        ? { price_min: forChecking(service.price_min), price_max: forChecking(service.price_max) }
        : { price: forChecking(service.price) }),
  });
  return result.success ? {} : (issuesByPath(result.error.issues) as ServiceErrors);
}

export function validateServices(services: ServiceDraft[]): Record<string, ServiceErrors> {
  const errors: Record<string, ServiceErrors> = {};
  for (const service of services) {
    const found = validateService(service);
    if (Object.keys(found).length) errors[service.uid] = found;
  }
  return errors;
}

export function validateStylists(stylists: StylistRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  stylists.forEach((stylist, index) => {
    const result = stylistSchema.safeParse({
      key: stylist.id ?? temporaryStylistKey(index),
      name: stylist.name,
      ...(stylist.days ? { days: stylist.days } : {}),
    });
    if (!result.success) errors[stylist.uid] = result.error.issues[0]?.message ?? '';
  });
  return errors;
}

/** Step 1 errors keyed by field name, and `hours.<day>` for the hours editor. */
export function validateBusiness(business: BusinessDraft, hours: Hours): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = businessSchema.safeParse(business);
  if (!parsed.success) Object.assign(errors, issuesByPath(parsed.error.issues));
  const parsedHours = hoursSchema.safeParse(hours);
  if (!parsedHours.success) {
    for (const [key, message] of Object.entries(issuesByPath(parsedHours.error.issues))) errors[`hours.${key}`] = message;
  }
  return errors;
}

export function validateVoice(voice: VoiceDraft): Record<string, string> {
  const parsed = stepThreeRequest.safeParse({ step: 3, ...voice });
  return parsed.success ? {} : issuesByPath(parsed.error.issues);
}
