import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { api, signUpOwner } from '../support/owners.js';
import { useProductDeps } from '../support/config-env.js';

/** Prices in euro and cent, and "Price on consultation", through the setup API (issue 45, RELIABILITY 162). */
beforeAll(useProductDeps);

describe('service prices through the API', () => {
  it('saves €7.50 and a price on consultation, loads them back, and refuses a third decimal', async () => {
    const owner = await signUpOwner('prices');
    const step = (body: unknown) => api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) });
    await step({ step: 1, business: { name: 'Headroom', phone: '061 123 456' }, hours: DEFAULT_HOURS });
    const services = [
      { name: 'Fringe trim', duration: 15, price: 7.5 },
      { name: 'Colour correction', duration: 180, price: null, consultation: true },
      { name: 'Toner', duration: 30, isRange: true, price_min: 12.25, price_max: 20 },
    ];
    expect((await step({ step: 2, stylists: [{ key: 'new-0', name: 'Aoife' }], mappings: {}, services })).status).toBe(200);
    const loaded = (await api('/api/setup/load', { token: owner.accessToken })).body as { services: Record<string, unknown>[] };
    expect(loaded.services).toEqual([
      expect.objectContaining({ name: 'Fringe trim', price: 7.5 }),
      expect.objectContaining({ name: 'Colour correction', price: null, consultation: true }),
      expect.objectContaining({ name: 'Toner', price_min: 12.25, price_max: 20 }),
    ]);
    const refused = await step({
      step: 2,
      stylists: [{ key: 'new-0', name: 'Aoife' }],
      mappings: {},
      services: [{ name: 'Fringe trim', duration: 15, price: 7.505 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toBe('Please enter euro and cent, like 7.50');
  });
});
