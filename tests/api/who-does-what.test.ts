import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as admin } from '../../functions/admin/assign-phone-number.js';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { api, signUpOwner } from '../support/owners.js';
import { useProductDeps } from '../support/config-env.js';

/**
 * Who does what through the API (issue 45, RELIABILITY 157–158): Settings saves each stylist's
 * days and services, and the voice agent's tools keep to them on every weekday.
 */
const ZONE = 'Europe/Dublin';

beforeAll(useProductDeps);

/** The first date at least `minDays` ahead that falls on `weekday` (1 Monday … 6 Saturday). */
function nextWeekday(weekday: number, minDays: number): string {
  let day = DateTime.now().setZone(ZONE).startOf('day').plus({ days: minDays });
  while (day.weekday !== weekday) day = day.plus({ days: 1 });
  return day.toISODate()!;
}

async function salonWithTeam() {
  const owner = await signUpOwner('team');
  const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
  const step = (body: unknown) => api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) });
  await step({ step: 1, business: { name: 'Headroom', phone: '061 123 456' }, hours: DEFAULT_HOURS });
  // New services are named; once saved they are known by id.
  const saved = await step({
    step: 2,
    stylists: [
      { key: 'new-0', name: 'Aoife', days: ['tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], services: ['Colour', 'Cut & blow-dry'] },
      { key: 'new-1', name: 'Ciara', days: ['monday', 'wednesday', 'friday'], services: ["Gents' cut", 'Cut & blow-dry'] },
    ],
    mappings: {},
    services: [
      { name: 'Cut & blow-dry', duration: 45, price: 45 },
      { name: 'Colour', duration: 90, price: 80 },
      { name: "Gents' cut", duration: 30, price: 20 },
    ],
  });
  const issued = await admin({ action: 'agent-secret', salonId });
  return { owner, salonId, saved, secret: (issued as { secret: string }).secret };
}

describe('who does what through the API', () => {
  it("saves each stylist's days and services and loads them back by service id", async () => {
    const { owner, saved } = await salonWithTeam();
    expect(saved.status).toBe(200);
    const setup = (await api('/api/setup/load', { token: owner.accessToken })).body as {
      stylists: { name: string; days?: string[]; services?: string[] }[];
      services: { id: string; name: string }[];
    };
    const idOf = (name: string) => setup.services.find((service) => service.name === name)!.id;
    expect(setup.stylists).toEqual([
      expect.objectContaining({
        name: 'Aoife',
        days: ['tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
        services: [idOf('Cut & blow-dry'), idOf('Colour')],
      }),
      expect.objectContaining({ name: 'Ciara', days: ['monday', 'wednesday', 'friday'], services: [idOf('Cut & blow-dry'), idOf("Gents' cut")] }),
    ]);
  });

  it('refuses a stylist with no working day', async () => {
    const { owner } = await salonWithTeam();
    const refused = await api('/api/setup/step', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({ step: 2, stylists: [{ key: 'new-0', name: 'Aoife', days: [] }], mappings: {}, services: [] }),
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Choose at least one day they work');
  });

  it("the agent's tools never offer or book a gents' cut with Aoife, nor anyone on their day off, Monday to Saturday", async () => {
    const { secret } = await salonWithTeam();
    const tool = (name: string, body: unknown) => api(`/api/agent/tools?tool=${name}`, { method: 'POST', token: secret, body: JSON.stringify(body) });
    let caller = 0;
    for (let weekday = 1; weekday <= 6; weekday += 1) {
      const date = nextWeekday(weekday, 2);
      const ciaraIn = [1, 3, 5].includes(weekday);
      const gents = await tool('check-availability', { service: "gents' cut", date });
      expect(gents.status, date).toBe(200);
      expect(gents.body.available, date).toBe(ciaraIn);
      for (const slot of [...gents.body.slots, ...gents.body.moreTimes] as { stylists: { name: string }[] }[])
        expect(slot.stylists.map((stylist) => stylist.name)).toEqual(['Ciara']);
      const withAoife = await tool('book', {
        service: "gents' cut",
        stylist: 'Aoife',
        start: `${date}T10:00`,
        callerName: 'Seán',
        callerPhone: `+35386222${String(caller++).padStart(4, '0')}`,
      });
      expect(withAoife.body.code, date).toBe('stylist_does_not_do_service');
      const anyone = await tool('book', {
        service: "gents' cut",
        start: `${date}T11:00`,
        callerName: 'Seán',
        callerPhone: `+35386222${String(caller++).padStart(4, '0')}`,
      });
      if (ciaraIn) expect(anyone.body.booking.stylist, date).toBe('Ciara');
      else expect(anyone.body.code, date).toBe('nobody_in');
    }
  });
});
