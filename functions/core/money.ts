/**
 * Money, one way everywhere: amounts are whole cents (integers do not drift); euros typed by a
 * person (the wizard's prices and deposits) become cents here, and cents become "€45" or
 * "€45.50" here. No React or SDK imports: the web bundle and the Lambdas share it.
 */
// Built on first use: the first Intl object a process makes loads ICU's data (~25 ms of CPU), which
// a Lambda's cold start should pay only on a path that speaks a price.
let euro: Intl.NumberFormat | undefined;

/** Formats cents the Irish way, dropping ".00" on whole amounts: 7900 → "€79", 15 → "€0.15". */
export function formatEuro(cents: number): string {
  euro ??= new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', trailingZeroDisplay: 'stripIfInteger' });
  return euro.format(cents / 100);
}

/** Euros → cents, rounded to the cent (45.5 → 4550; 0.1 + 0.2 euros stays 30 cents). */
export function euroToCents(euros: number): number {
  return Math.round(euros * 100);
}

export interface ServicePrice {
  price: number | null;
  price_min: number | null;
  price_max: number | null;
  isRange: boolean;
  /** "Price on consultation": no price at all. */
  consultation?: boolean;
}

/** A service's price in cents: one price, or a range's ends (the other fields null). */
export function servicePriceCents(service: ServicePrice): { priceCents: number | null; priceMinCents: number | null; priceMaxCents: number | null } {
  const cents = (euros: number | null) => (euros === null ? null : euroToCents(euros));
  if (service.consultation) return { priceCents: null, priceMinCents: null, priceMaxCents: null };
  return service.isRange
    ? { priceCents: null, priceMinCents: cents(service.price_min), priceMaxCents: cents(service.price_max) }
    : { priceCents: cents(service.price), priceMinCents: null, priceMaxCents: null };
}
