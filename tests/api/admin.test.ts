import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { repositoryRoot } from '../../local/server/start.js';
import { api, signUpOwner } from '../support/owners.js';
import { eventsIdle, eventually } from '../support/stand-ins.js';
import { handler as admin } from '../../functions/admin/assign-phone-number.js';
import { useProductDeps } from '../support/config-env.js';

/** The admin function runs here against the same stand-ins the product uses. */
beforeAll(useProductDeps);

describe('support staff assign numbers', () => {
  it('assigns an Irish number in E.164 and the owner sees it', async () => {
    const owner = await signUpOwner('number');
    const salon = (await api('/api/salon', { token: owner.accessToken })).body;
    const number = `+3531${String(Date.now()).slice(-7)}`;
    const result = await admin({ action: 'assign-number', salonId: salon.id, phoneNumber: `0${number.slice(4)}` });
    expect(result).toEqual({ ok: true, salonId: salon.id, phoneNumber: number });
    expect((await api('/api/salon', { token: owner.accessToken })).body.assigned_number).toBe(number);
    // The owner is emailed the number and what to do with it (a new number: go live, then give it out), once.
    const emailed = await eventually(
      async () => ((await api('/_local/outbox.json')).body as { to: string; subject: string; body: string }[]).filter((entry) => entry.to === owner.email),
      (entries) => entries.some((entry) => entry.subject.includes('your receptionist')),
    );
    const email = emailed.find((entry) => entry.subject.includes('your receptionist'))!;
    expect(email.body).toContain('press Go Live Now, then give');
    expect(await admin({ action: 'assign-number', salonId: salon.id, phoneNumber: number })).toMatchObject({ ok: true });
    await eventsIdle();
    expect(
      ((await api('/_local/outbox.json')).body as { to: string; subject: string }[]).filter(
        (entry) => entry.to === owner.email && entry.subject.includes('your receptionist'),
      ),
    ).toHaveLength(1);
  });

  it('never gives one number to two salons', async () => {
    const [first, second] = await Promise.all([signUpOwner('n1'), signUpOwner('n2')]);
    const [a, b] = await Promise.all([first, second].map(async (owner) => (await api('/api/salon', { token: owner.accessToken })).body));
    const number = `+3531${String(Date.now() + 1).slice(-7)}`;
    expect((await admin({ action: 'assign-number', salonId: a.id, phoneNumber: number })).ok).toBe(true);
    expect(await admin({ action: 'assign-number', salonId: b.id, phoneNumber: number })).toEqual({
      ok: false,
      error: `${number} is already assigned to another salon`,
    });
  });

  it('refuses bad requests with a reason', async () => {
    expect(await admin({ action: 'assign-number', salonId: 'sal_does-not-exist-000', phoneNumber: '+35312345678' })).toEqual({
      ok: false,
      error: 'No salon sal_does-not-exist-000',
    });
    expect((await admin({ action: 'assign-number', salonId: 'sal_abcdefghijklmnop', phoneNumber: 'call me' })).ok).toBe(false);
    expect((await admin({ action: 'drop-table' })).ok).toBe(false);
    expect((await admin('not even an object')).ok).toBe(false);
  });
});

describe('npm run admin', () => {
  it('finds the running product in DATA_DIR, the folder npm start was given', async () => {
    const owner = await signUpOwner('cli');
    const salon = (await api('/api/salon', { token: owner.accessToken })).body;
    const digits = String(Date.now() + 2).slice(-7);
    const number = `+3531${digits}`;
    // Only what a shell would pass: no endpoints from this test's environment, and the number
    // written as the README shows it, unquoted, so the shell splits it into words.
    const words = ['01', digits.slice(0, 3), digits.slice(3)];
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bin/admin.ts', 'assign-number', salon.id, ...words], {
      cwd: repositoryRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: inject('dataDir') },
    });
    expect(JSON.parse(stdout)).toEqual({ ok: true, salonId: salon.id, phoneNumber: number });
    expect((await api('/api/salon', { token: owner.accessToken })).body.assigned_number).toBe(number);
  });
});
