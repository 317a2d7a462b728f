import { describe, expect, it } from 'vitest';
import { euroToCents, formatEuro, servicePriceCents } from '../../functions/core/money';
import { EXTRA_MINUTE_PRICE_CENTS } from '../../functions/core/plans';

describe('formatEuro', () => {
  it('formats Irish euro amounts, dropping cents only on whole euros', () => {
    expect(formatEuro(7900)).toBe('€79');
    expect(formatEuro(14900)).toBe('€149');
    expect(formatEuro(EXTRA_MINUTE_PRICE_CENTS)).toBe('€0.15');
    expect(formatEuro(2050)).toBe('€20.50');
    expect(formatEuro(123456)).toBe('€1,234.56');
  });
});

describe('euroToCents', () => {
  it('rounds to the cent, so floating-point euros never leak into cents', () => {
    expect(euroToCents(45)).toBe(4500);
    expect(euroToCents(45.5)).toBe(4550);
    expect(euroToCents(0.1 + 0.2)).toBe(30);
    expect(euroToCents(19.99)).toBe(1999);
    expect(euroToCents(0)).toBe(0);
  });
});

describe('servicePriceCents', () => {
  it('answers one price, or a range with its ends, never both', () => {
    expect(servicePriceCents({ price: 45, price_min: null, price_max: null, isRange: false })).toEqual({
      priceCents: 4500,
      priceMinCents: null,
      priceMaxCents: null,
    });
    expect(servicePriceCents({ price: 99, price_min: 60, price_max: 120.5, isRange: true })).toEqual({
      priceCents: null,
      priceMinCents: 6000,
      priceMaxCents: 12050,
    });
    expect(servicePriceCents({ price: null, price_min: 60, price_max: null, isRange: true })).toEqual({
      priceCents: null,
      priceMinCents: 6000,
      priceMaxCents: null,
    });
  });
});
