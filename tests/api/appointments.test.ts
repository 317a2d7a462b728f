import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as admin } from '../../functions/admin/assign-phone-number.js';
import { appointmentSchema } from '../../functions/contracts/appointments.js';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { useProductDeps } from '../support/config-env.js';

/** `GET /api/appointments`: the owner's upcoming appointments and this month's bookings figure, from real bookings. */
const ZONE = 'Europe/Dublin';

beforeAll(useProductDeps);

function nextWeekday(weekday: number, minDays: number): string {
  let day = DateTime.now().setZone(ZONE).startOf('day').plus({ days: minDays });
  while (day.weekday !== weekday) day = day.plus({ days: 1 });
  return day.toISODate()!;
}

async function ownerWithAgent(label: string): Promise<{ owner: TestOwner; salonId: string; secret: string }> {
  const owner = await signUpOwner(label);
  const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
  const step = (body: unknown) => api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) });
  await step({ step: 1, business: { name: 'Headroom', phone: '061 123 456' }, hours: DEFAULT_HOURS });
  await step({ step: 2, stylists: [{ key: 'new-0', name: 'Aoife' }], mappings: {}, services: [{ name: 'Cut & blow-dry', duration: 45, price: 45 }] });
  const issued = await admin({ action: 'agent-secret', salonId });
  return { owner, salonId, secret: (issued as { secret: string }).secret };
}

const bookVia = (secret: string, start: string, callerPhone: string) =>
  api('/api/agent/tools?tool=book', { method: 'POST', token: secret, body: JSON.stringify({ service: 'cut', start, callerName: 'Mary Murphy', callerPhone }) });

describe('GET /api/appointments', () => {
  it("lists the salon's appointments soonest first, in the shared shape, with this month's bookings", async () => {
    const { owner, secret } = await ownerWithAgent('appts');
    const empty = await api('/api/appointments', { token: owner.accessToken });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ appointments: [], bookingsThisMonth: 0, noShowsThisMonth: 0, noShowIds: [], nextStart: null });

    const day = nextWeekday(3, 1);
    expect((await bookVia(secret, `${day}T15:00`, '+353861110001')).status).toBe(200);
    expect((await bookVia(secret, `${day}T09:30`, '+353861110002')).status).toBe(200);
    const later = nextWeekday(3, 10);
    expect((await bookVia(secret, `${later}T11:00`, '+353861110003')).status).toBe(200);

    const week = await api(`/api/appointments?from=${day}&days=1`, { token: owner.accessToken });
    expect(week.status).toBe(200);
    const appointments = week.body.appointments as unknown[];
    expect(appointments).toHaveLength(2);
    for (const appointment of appointments) expect(appointmentSchema.safeParse(appointment).success).toBe(true);
    expect(appointments.map((appointment) => (appointment as { start: string }).start.slice(11, 16))).toEqual(['09:30', '15:00']);
    expect(appointments[0]).toMatchObject({
      stylistName: 'Aoife',
      service: { name: 'Cut & blow-dry', durationMinutes: 45, priceCents: 4500 },
      callerPhone: '+353861110002',
      status: 'confirmed',
      source: 'phone-agent',
    });
    expect(week.body.bookingsThisMonth).toBe(3);

    const all = await api('/api/appointments?days=30', { token: owner.accessToken });
    expect(all.body.appointments).toHaveLength(3);
  });

  it('shows one owner nothing of another salon, and refuses bad queries and missing tokens', async () => {
    const [{ secret }, stranger] = await Promise.all([ownerWithAgent('appts-a'), signUpOwner('appts-b')]);
    expect((await bookVia(secret, `${nextWeekday(4, 1)}T10:00`, '+353861110004')).status).toBe(200);
    expect((await api('/api/appointments?days=62', { token: stranger.accessToken })).body).toEqual({
      appointments: [],
      bookingsThisMonth: 0,
      noShowsThisMonth: 0,
      noShowIds: [],
      nextStart: null,
    });
    // Another salon's booking cannot be marked a no-show: it is not there for this owner.
    const theirs = (await bookVia(secret, `${nextWeekday(4, 1)}T11:00`, '+353871234599')).body.booking.id as string;
    const marked = await api('/api/appointments/change', {
      method: 'POST',
      token: stranger.accessToken,
      body: JSON.stringify({ bookingId: theirs, noShow: true }),
    });
    expect(marked.status).toBe(404);

    for (const query of ['days=0', 'days=63', 'days=abc', 'from=tomorrow', 'from=2026-02-30', 'salonId=sal_x']) {
      const answer = await api(`/api/appointments?${query}`, { token: stranger.accessToken });
      expect(answer.status, query).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    expect((await api('/api/appointments')).status).toBe(401);
  });
});
