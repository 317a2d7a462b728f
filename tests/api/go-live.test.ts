import { beforeAll, describe, expect, it } from 'vitest';
import { deps } from '../../functions/composition-root.js';
import { DateTime } from 'luxon';
import { GO_LIVE_MESSAGES, PAUSE_MAX_DAYS, PAUSE_MESSAGES, READINESS_MESSAGES } from '../../functions/contracts/go-live.js';
import { bookableSalon } from '../support/bookable-salon.js';
import { api, signUpOwner } from '../support/owners.js';
import { useProductDeps } from '../support/config-env.js';

/** Go Live Now over HTTP, against the stand-ins and the sandbox voice agent. */
beforeAll(useProductDeps);

describe('Go Live Now', () => {
  it('says exactly what is missing; finishing setup brings the number at once, with no admin step, and it goes live', async () => {
    const owner = await signUpOwner('go-live');
    const goLive = () => api('/api/agent/go-live', { method: 'POST', token: owner.accessToken });
    const bare = await goLive();
    expect(bare.status).toBe(409);
    expect(bare.body).toMatchObject({ code: 'not_ready', error: `${READINESS_MESSAGES.setup} ${READINESS_MESSAGES.number}` });

    const { salonId } = await bookableSalon(owner);
    const step3 = {
      step: 3,
      selectedVoice: 'niamh',
      selectedLanguage: 'en',
      firstMessage: 'Hi, thanks for calling Bláth Hair!',
      agentPhone: '',
      escalationPhone: '',
      phoneOption: 'new',
      forwardNumber: '',
    };
    expect((await api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(step3) })).status).toBe(200);
    // The pool (the telephony sandbox keeps it stocked) gave the salon its number as the last step saved.
    expect((await api('/api/salon', { token: owner.accessToken })).body).toMatchObject({
      live: false,
      assigned_number: expect.stringMatching(/^\+3531\d{7}$/),
      readiness: { setupComplete: true, numberAssigned: true, billingActive: true, missing: [], state: 'ready', numberWaitingSince: null },
    });
    const live = await goLive();
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ live: true, agentId: expect.stringMatching(/^sandbox_agent_/) });
    expect((await api('/api/salon', { token: owner.accessToken })).body).toMatchObject({ live: true, readiness: { missing: [], state: 'live' } });

    // Again: the same agent, still live; the agent secret the tools use was issued by going live.
    const again = await goLive();
    expect(again.body).toMatchObject({ live: true, agentId: live.body.agentId, liveAt: live.body.liveAt });
    expect(await deps().agents.get(salonId)).toMatchObject({
      agentId: live.body.agentId,
      hostedAgent: { provider: 'sandbox' },
      secret: { secretHash: expect.any(String) },
    });
  });

  it('pauses a live receptionist (it takes messages, until a day or until switched on) and resumes it with Go Live Now', async () => {
    const owner = await signUpOwner('pause');
    const pause = () => api('/api/agent/pause', { method: 'POST', token: owner.accessToken });
    const state = async () => (await api('/api/salon', { token: owner.accessToken })).body as { live: boolean; readiness: { state: string } };
    expect(await pause()).toMatchObject({ status: 409, body: { error: GO_LIVE_MESSAGES.notLive } });

    const { salonId } = await bookableSalon(owner);
    await api('/api/setup/step', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({
        step: 3,
        selectedVoice: 'niamh',
        selectedLanguage: 'en',
        firstMessage: 'Hello!',
        agentPhone: '',
        escalationPhone: '',
        phoneOption: 'new',
        forwardNumber: '',
      }),
    });
    const live = await api('/api/agent/go-live', { method: 'POST', token: owner.accessToken });
    expect(live.status).toBe(200);

    expect(await pause()).toMatchObject({ status: 200, body: { paused: true, pausedUntil: null } });
    expect(await state()).toMatchObject({ live: false, readiness: { state: 'paused', pausedUntil: null } });
    const holiday = DateTime.now().setZone('Europe/Dublin').plus({ days: 10 });
    const until = await api('/api/agent/pause', { method: 'POST', token: owner.accessToken, body: JSON.stringify({ until: holiday.toISODate() }) });
    expect(until.body).toMatchObject({ paused: true, pausedUntil: holiday.startOf('day').toUTC().toISO() });
    expect(await state()).toMatchObject({ live: false, readiness: { state: 'paused', pausedUntil: holiday.startOf('day').toUTC().toISO() } });
    const tooFar = await api('/api/agent/pause', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({ until: holiday.plus({ days: PAUSE_MAX_DAYS }).toISODate() }),
    });
    expect(tooFar).toMatchObject({ status: 400, body: { error: PAUSE_MESSAGES.untilTooFar } });
    expect(salonId).toMatch(/^sal_/);
    const resumed = await api('/api/agent/go-live', { method: 'POST', token: owner.accessToken });
    expect(resumed.body).toMatchObject({ live: true, liveAt: live.body.liveAt });
    expect(await state()).toMatchObject({ live: true, readiness: { state: 'live' } });
  });

  it('two presses at once make one agent', async () => {
    const owner = await signUpOwner('go-live-race');
    const { salonId } = await bookableSalon(owner);
    await api('/api/setup/step', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({
        step: 3,
        selectedVoice: 'niamh',
        selectedLanguage: 'en',
        firstMessage: 'Hello!',
        agentPhone: '',
        escalationPhone: '',
        phoneOption: 'new',
        forwardNumber: '',
      }),
    });
    expect((await deps().salons.get(salonId))!.assignedNumber).toMatch(/^\+353/);
    const answers = await Promise.all(Array.from({ length: 4 }, () => api('/api/agent/go-live', { method: 'POST', token: owner.accessToken })));
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers.map((answer) => answer.body)),
    ).toContain(200);
    const agents = new Set(answers.filter((answer) => answer.status === 200).map((answer) => answer.body.agentId));
    expect(agents.size).toBe(1);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
  });
});
