import { temporaryStylistKey } from '@functions/contracts/setup';
import type { StepTwoPayload } from './api';
import { serviceToApi, type ServiceDraft } from './service-draft';
import type { StylistRow } from './wizard-data';

/** Step 2's request: unsaved stylists get a temporary key by position. */
export function stepTwoPayload(stylists: StylistRow[], services: ServiceDraft[], currentStep: number): StepTwoPayload {
  const rows = stylists.map((stylist, index) => ({ stylist, key: stylist.id ?? temporaryStylistKey(index) }));
  const mappings: Record<string, string> = {};
  for (const { stylist, key } of rows) if (stylist.calendarId) mappings[key] = stylist.calendarId;
  return {
    step: 2,
    stylists: rows.map(({ stylist, key }) => ({
      ...(stylist.id ? { id: stylist.id } : {}),
      key,
      name: stylist.name.trim(),
      ...(stylist.days ? { days: stylist.days } : {}),
      ...(stylist.services ? { services: stylist.services } : {}),
    })),
    mappings,
    services: services.map(serviceToApi),
    currentStep,
  };
}

/** What step 2 saves, without the client-only row ids: compared to tell whether anything changed. */
export function teamSnapshot(stylists: StylistRow[], services: ServiceDraft[]) {
  return {
    stylists: stylists.map(({ id, name, calendarId, days, services }) => ({ id: id ?? null, name, calendarId, days, services })),
    services: services.map(serviceToApi),
  };
}
