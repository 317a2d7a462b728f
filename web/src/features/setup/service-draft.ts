import type { ApiService } from './api';
import { newUid } from './new-uid';
import { numberOrNull, text } from './loose-values';

/** A service as the wizard's form holds it: the API's service, keyed for the list, an empty deposit as null. */
export interface ServiceDraft extends Omit<ApiService, 'deposit'> {
  uid: string;
  /** Whole euros; empty or 0 = no deposit. */
  deposit: number | null;
}

export type ServiceField = 'name' | 'duration' | 'price' | 'price_min' | 'price_max' | 'comment' | 'deposit';
export type ServiceErrors = Partial<Record<ServiceField, string>>;

export const emptyService = (): ServiceDraft => ({
  uid: newUid('service'),
  name: '',
  duration: null,
  price: null,
  price_min: null,
  price_max: null,
  isRange: false,
  comment: '',
  deposit: null,
});

export function serviceFromApi(service: Partial<ApiService>): ServiceDraft {
  return {
    uid: newUid('service'),
    id: service.id || undefined,
    name: text(service.name),
    duration: numberOrNull(service.duration),
    price: numberOrNull(service.price),
    price_min: numberOrNull(service.price_min),
    price_max: numberOrNull(service.price_max),
    isRange: Boolean(service.isRange),
    ...(service.consultation ? { consultation: true } : {}),
    comment: text(service.comment),
    deposit: numberOrNull(service.deposit) || null,
    ...(Array.isArray(service.review) && service.review.length ? { review: service.review } : {}),
  };
}

export function serviceToApi(service: ServiceDraft): ApiService {
  return {
    ...(service.id ? { id: service.id } : {}),
    name: service.name.trim(),
    duration: service.duration,
    price: service.isRange || service.consultation ? null : service.price,
    price_min: service.isRange && !service.consultation ? service.price_min : null,
    price_max: service.isRange && !service.consultation ? service.price_max : null,
    isRange: service.isRange && !service.consultation,
    ...(service.consultation ? { consultation: true } : {}),
    comment: service.comment.trim(),
    deposit: service.deposit ?? 0,
  };
}

/** Euro and cent as people write them: €45, €7.50. */
const euro = (amount: number) => `€${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

export function formatPrice(service: ServiceDraft): string {
  if (service.consultation) return 'Price on consultation';
  if (service.isRange) {
    const min = service.price_min ?? 0;
    const max = service.price_max ?? 0;
    if (min > 0 && max > 0) return `${euro(min)}–${euro(max)}`;
    if (min > 0) return `from ${euro(min)}`;
    if (max > 0) return `up to ${euro(max)}`;
    return 'No price yet';
  }
  return service.price && service.price > 0 ? euro(service.price) : 'No price yet';
}

export function formatDuration(minutes: number | null): string {
  if (!minutes || minutes <= 0) return 'No duration yet';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${minutes} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
