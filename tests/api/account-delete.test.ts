import { describe, expect, it } from 'vitest';
import { api, signIn, signUpOwner } from '../support/owners.js';
import { eventsIdle, standIns } from '../support/stand-ins.js';

describe('POST /api/account/delete', () => {
  it('with the right password removes the login, every item of the salon and its uploads', async () => {
    const owner = await signUpOwner('delete');
    const other = await signUpOwner('bystander');
    const salon = (await api('/api/salon', { token: owner.accessToken })).body;
    const otherSalon = (await api('/api/salon', { token: other.accessToken })).body;
    const stores = standIns();
    await stores.putUpload(`salons/${salon.id}/price-list.txt`, 'Cut and blow-dry €45');
    await stores.putUpload(`salons/${otherSalon.id}/price-list.txt`, 'Colour €80');
    expect(await stores.salonItems(salon.id)).toHaveLength(1);

    const answer = await api('/api/account/delete', { method: 'POST', token: owner.accessToken, body: JSON.stringify({ password: owner.password }) });
    expect(answer).toMatchObject({ status: 200, body: { deleted: true } });

    expect(await stores.salonItems(salon.id)).toEqual([]);
    // The uploads are erased by the salon.deleted consumer: once the bus is idle they are gone.
    await eventsIdle();
    expect(await stores.uploadKeys(`salons/${salon.id}/`)).toEqual([]);
    await expect(signIn(owner.email, owner.password)).rejects.toThrow();
    // Nobody else's data is touched.
    expect(await stores.salonItems(otherSalon.id)).toHaveLength(1);
    expect(await stores.uploadKeys(`salons/${otherSalon.id}/`)).toHaveLength(1);
  });

  it('with a wrong password changes nothing and says why', async () => {
    const owner = await signUpOwner('wrongpw');
    const salon = (await api('/api/salon', { token: owner.accessToken })).body;
    const answer = await api('/api/account/delete', { method: 'POST', token: owner.accessToken, body: JSON.stringify({ password: 'not-my-password' }) });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('Incorrect password. Your account has not been deleted.');
    expect(await standIns().salonItems(salon.id)).toHaveLength(1);
    await expect(signIn(owner.email, owner.password)).resolves.toMatchObject({ email: owner.email });
  });

  it.each([
    ['a blank password', JSON.stringify({ password: '   ' }), 400, 'Please enter your password to delete your account'],
    ['no password', JSON.stringify({}), 400, 'Please enter your password to delete your account'],
    ['a number for the password', JSON.stringify({ password: 12345678 }), 400, 'Please enter your password to delete your account'],
    ['an unknown field', JSON.stringify({ password: 'x', salonId: 'sal_other' }), 400, 'Unknown field(s): salonId'],
    ['malformed JSON', '{"password": ', 400, 'Request body is not valid JSON'],
    ['a JSON array', '[]', 400, undefined],
    ['a body over the limit', JSON.stringify({ password: 'x'.repeat(70 * 1024) }), 413, undefined],
  ])('refuses %s with a clear 4xx and deletes nothing', async (_label, body, status, message) => {
    const owner = await signUpOwner('badinput');
    const salon = (await api('/api/salon', { token: owner.accessToken })).body;
    const answer = await api('/api/account/delete', { method: 'POST', token: owner.accessToken, body });
    expect(answer.status).toBe(status);
    expect(typeof answer.body.error).toBe('string');
    if (message) expect(answer.body.error).toBe(message);
    expect(answer.text).not.toMatch(/\bat .+:\d+:\d+|Error:/);
    expect(await standIns().salonItems(salon.id)).toHaveLength(1);
  });

  it('refuses a body that is not JSON', async () => {
    const owner = await signUpOwner('formbody');
    const answer = await api('/api/account/delete', {
      method: 'POST',
      token: owner.accessToken,
      body: 'password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(415);
  });

  it('needs a signed-in owner', async () => {
    const answer = await api('/api/account/delete', { method: 'POST', body: JSON.stringify({ password: 'whatever1' }) });
    expect(answer.status).toBe(401);
  });
});
