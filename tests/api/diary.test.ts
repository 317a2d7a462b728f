import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { agentTool, bookableSalon, nextOpenDay } from '../support/bookable-salon.js';
import { useProductDeps } from '../support/config-env.js';
import { eventually } from '../support/stand-ins.js';

/**
 * `POST /api/appointments/change` from the diary (issue 45, RELIABILITY 150–154): the owner moves and
 * cancels through the booking engine, the caller is texted by the booking events' consumers, and
 * a no-show is taken back; one salon's owner reaches no other salon's bookings; bodies are strict.
 */
beforeAll(useProductDeps);

interface OutboxMessage {
  to: string;
  channel: string;
  body: string;
}
const textsTo = async (phone: string) => ((await api('/_local/outbox.json')).body as OutboxMessage[]).filter((m) => m.to === phone && m.channel === 'sms');

const act = (owner: TestOwner, body: unknown) => api('/api/appointments/change', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) });

async function booked(secret: string, start: string, callerPhone: string): Promise<string> {
  const answer = await agentTool(secret, 'book', { service: 'cut', start, callerName: 'Síle Ní Bhriain', callerPhone });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.booking.id as string;
}

describe('the diary changes a booking', () => {
  it('moves a booking, and the caller is texted the new time', async () => {
    const owner = await signUpOwner('diary-move');
    const { secret } = await bookableSalon(owner);
    const day = nextOpenDay(nextOpenDay());
    const phone = '+353871300001';
    const id = await booked(secret, `${day}T10:00`, phone);
    await eventually(
      () => textsTo(phone),
      (texts) => texts.length === 1,
    );

    const moved = await act(owner, { bookingId: id, action: 'move', start: `${day}T15:30` });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.appointment).toMatchObject({ status: 'confirmed', callerPhone: phone, callerName: 'Síle Ní Bhriain' });
    expect(moved.body.appointment.start.slice(11, 16)).toBe('15:30');
    const texts = await eventually(
      () => textsTo(phone),
      (list) => list.length >= 3,
    );
    expect(texts.map((text) => text.body).join('\n')).toMatch(/You're booked at Bláth Hair for Cut and blow-dry on .* at 15:30 with Aoife/);
    const listed = await api(`/api/appointments?from=${day}&days=1`, { token: owner.accessToken });
    expect(
      listed.body.appointments.filter((each: { status: string }) => each.status === 'confirmed').map((each: { start: string }) => each.start.slice(11, 16)),
    ).toEqual(['15:30']);
  });

  it('refuses a move onto a time that is taken, and cancels with the caller told; a second cancel is a no-op', async () => {
    const owner = await signUpOwner('diary-cancel');
    const { secret } = await bookableSalon(owner);
    const day = nextOpenDay();
    const phone = '+353871300002';
    const id = await booked(secret, `${day}T11:00`, phone);
    await booked(secret, `${day}T13:00`, '+353871300003');
    const taken = await act(owner, { bookingId: id, action: 'move', start: `${day}T13:00` });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual(expect.any(String));

    const cancelled = await act(owner, { bookingId: id, action: 'cancel' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.appointment).toMatchObject({ status: 'cancelled' });
    expect((await act(owner, { bookingId: id, action: 'cancel' })).status).toBe(200);
    const texts = await eventually(
      () => textsTo(phone),
      (list) => list.some((text) => text.body.includes('is cancelled')),
    );
    expect(texts.filter((text) => text.body.includes('is cancelled'))).toHaveLength(1);
  });

  it("one owner never reaches another salon's booking, and bodies are strict", async () => {
    const [theirs, stranger] = await Promise.all([signUpOwner('diary-a'), signUpOwner('diary-b')]);
    const { secret } = await bookableSalon(theirs);
    const day = nextOpenDay();
    const id = await booked(secret, `${day}T12:00`, '+353871300004');
    for (const body of [
      { bookingId: id, action: 'cancel' },
      { bookingId: id, action: 'move', start: `${day}T16:00` },
      { bookingId: id, noShow: false },
    ])
      expect((await act(stranger, body)).status).toBe(404);
    for (const body of [
      { bookingId: id, action: 'delete' },
      { bookingId: id, action: 'move', start: `${day}T16:00+01:00` },
      { bookingId: id, action: 'move' },
      { bookingId: id, action: 'cancel', salonId: 'sal_x' },
      { bookingId: 'bk_nope', action: 'cancel' },
    ])
      expect((await act(theirs, body)).status).toBe(400);
    const still = await api(`/api/appointments?from=${day}&days=1`, { token: theirs.accessToken });
    expect(still.body.appointments).toMatchObject([{ id, status: 'confirmed' }]);
  });

  it('a week with nothing in it names the next booking, however far ahead', async () => {
    const owner = await signUpOwner('diary-next');
    const { secret } = await bookableSalon(owner);
    let far = nextOpenDay();
    for (let week = 0; week < 3; week += 1) far = nextOpenDay(nextOpenDay(nextOpenDay(nextOpenDay(nextOpenDay(nextOpenDay(far))))));
    await booked(secret, `${far}T10:00`, '+353871300005');
    const week = await api('/api/appointments?days=7', { token: owner.accessToken });
    expect(week.body.appointments).toEqual([]);
    expect(week.body.nextStart.slice(0, 10)).toBe(far);
  });
});
