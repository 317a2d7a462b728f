import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';

const business = {
  name: 'Cuts by Ciara',
  phone: '01 234 5678',
  address_line: '12 Main Street',
  town_city: 'Galway',
  county: 'Galway',
  eircode: 'H91 X2Y3',
  directions: 'Above the chemist, first floor.',
  reminders: false,
  reminder_hours: 48,
};
const service = { name: 'Cut & blow-dry', duration: 45, price: 45, price_min: null, price_max: null, isRange: false, comment: '' };

function step(owner: TestOwner, body: unknown) {
  return api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) });
}

describe('GET /api/setup/load', () => {
  it('answers defaults when nothing was saved', async () => {
    const owner = await signUpOwner('setup-empty');
    const answer = await api('/api/setup/load', { token: owner.accessToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      exists: false,
      business: {
        name: '',
        phone: '',
        address_line: '',
        town_city: '',
        owner_mobile: '',
        reminders: true,
        reminder_hours: 24,
        county: '',
        eircode: '',
        directions: '',
        caller_notes: '',
        hours: DEFAULT_HOURS,
      },
      stylists: [],
      mappings: {},
      services: [],
      google_connected: false,
      selectedVoice: '',
      selectedLanguage: 'en',
      firstMessage: '',
      agentPhone: '',
      escalationPhone: '',
      ringSalonFirstSeconds: 0,
      textMissedCallers: false,
      currentStep: 1,
      phoneOption: 'new',
      forwardNumber: '',
      forwardWhen: 'unanswered',
    });
  });
});

describe('POST /api/setup/step', () => {
  it('saves each step and loads it back exactly', async () => {
    const owner = await signUpOwner('setup-full');
    const hours = { ...DEFAULT_HOURS, sunday: { open: '11:00', close: '15:00', closed: false } };
    expect((await step(owner, { step: 1, business, hours, currentStep: 2 })).body).toEqual({ saved: 1, currentStep: 2 });

    const two = await step(owner, {
      step: 2,
      stylists: [
        { key: 'new-0', name: 'Aoife' },
        { key: 'new-1', name: 'Ciara' },
      ],
      mappings: { 'new-0': 'cal-aoife', 'new-1': 'cal-ciara' },
      services: [
        service,
        { ...service, name: 'Balayage', duration: 180, price: null, isRange: true, price_min: 150, price_max: 220, comment: 'Includes toner' },
      ],
    });
    expect(two.status).toBe(200);
    const stylists = two.body.stylists as { id: string; name: string }[];
    expect(stylists.map((stylist) => stylist.name)).toEqual(['Aoife', 'Ciara']);
    expect(stylists.every((stylist) => /^sty_/.test(stylist.id))).toBe(true);
    expect(two.body.mappings).toEqual({ [stylists[0]!.id]: 'cal-aoife', [stylists[1]!.id]: 'cal-ciara' });
    expect(two.body.keyToId).toEqual({ 'new-0': stylists[0]!.id, 'new-1': stylists[1]!.id });

    await step(owner, {
      step: 3,
      selectedVoice: 'juniper',
      selectedLanguage: 'pl',
      firstMessage: 'Dzień dobry! You are speaking with the AI assistant of Cuts by Ciara.',
      agentPhone: '+353 87 123 4567',
      escalationPhone: '087 765 4321',
      phoneOption: 'forward',
      forwardNumber: '091 123 456',
      // Every call forwarded: ringing first rings the put-through number, not the salon's line.
      forwardWhen: 'all',
      ringSalonFirstSeconds: 20,
    });

    const loaded = (await api('/api/setup/load', { token: owner.accessToken })).body;
    expect(loaded).toMatchObject({
      exists: true,
      business: { ...business, phone: '+35312345678', hours },
      stylists,
      mappings: two.body.mappings,
      selectedVoice: 'juniper',
      selectedLanguage: 'pl',
      agentPhone: '+353871234567',
      escalationPhone: '+353877654321',
      phoneOption: 'forward',
      forwardNumber: '+35391123456',
      forwardWhen: 'all',
      ringSalonFirstSeconds: 20,
      currentStep: 3,
    });
    expect(loaded.services).toEqual(two.body.services);
    expect(loaded.services[1]).toMatchObject({ name: 'Balayage', isRange: true, price: null, price_min: 150, price_max: 220, comment: 'Includes toner' });
  });

  it('keeps stylist ids across saves, removes dropped rows, and ignores ids it did not issue', async () => {
    const owner = await signUpOwner('setup-ids');
    const first = await step(owner, {
      step: 2,
      stylists: [
        { key: 'new-0', name: 'Aoife' },
        { key: 'new-1', name: 'Ciara' },
      ],
      mappings: {},
      services: [service],
    });
    const [aoife] = first.body.stylists;
    const second = await step(owner, {
      step: 2,
      stylists: [
        { id: aoife.id, key: aoife.id, name: 'Aoife Ní Bhriain' },
        { id: 'sty_forged0000000000', key: 'x', name: 'Intruder' },
      ],
      mappings: { [aoife.id]: 'cal-1' },
      services: [],
    });
    expect(second.body.stylists[0]).toEqual({ id: aoife.id, name: 'Aoife Ní Bhriain' });
    expect(second.body.stylists[1].id).not.toBe('sty_forged0000000000');
    const loaded = (await api('/api/setup/load', { token: owner.accessToken })).body;
    expect(loaded.stylists).toEqual(second.body.stylists);
    expect(loaded.services).toEqual([]);
    expect(loaded.mappings).toEqual({ [aoife.id]: 'cal-1' });
  });

  it.each([
    [{ ...service, name: '  ' }, 'Service name is required'],
    [{ ...service, duration: 0 }, 'Duration must be greater than 0'],
    [{ ...service, price: 0 }, 'Price must be greater than €0'],
    [{ ...service, isRange: true, price: null, price_min: 0, price_max: 0 }, 'At least min or max price must be greater than €0'],
    [{ ...service, isRange: true, price: null, price_min: 90, price_max: 60 }, 'Min price cannot be greater than max price'],
    [{ ...service, duration: 45.5 }, 'Please enter a whole number'],
  ])('refuses a bad service with the message the wizard shows, as plain text: %j', async (bad, message) => {
    const owner = await signUpOwner('setup-bad');
    const answer = await step(owner, { step: 2, stylists: [{ key: 'new-0', name: 'Aoife' }], mappings: {}, services: [bad] });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.text).toBe(message);
    expect((await api('/api/setup/load', { token: owner.accessToken })).body.exists).toBe(false);
  });

  it.each([
    ['no step', { business, hours: DEFAULT_HOURS }],
    ['a wrong step number', { step: 4 }],
    ['step 1 without hours', { step: 1, business }],
    ['an unknown field', { step: 1, business, hours: DEFAULT_HOURS, salonId: 'sal_other' }],
    ['directions over 600 characters', { step: 1, business: { ...business, directions: 'x'.repeat(601) }, hours: DEFAULT_HOURS }],
    ['a missing business name', { step: 1, business: { ...business, name: '' }, hours: DEFAULT_HOURS }],
    ['a bad phone', { step: 1, business: { ...business, phone: '12' }, hours: DEFAULT_HOURS }],
    ['a reminder lead other than 24 or 48 hours', { step: 1, business: { ...business, reminder_hours: 36 }, hours: DEFAULT_HOURS }],
    ['a closing time before opening', { step: 1, business, hours: { ...DEFAULT_HOURS, monday: { open: '18:00', close: '09:00', closed: false } } }],
    ['no stylists', { step: 2, stylists: [], mappings: {}, services: [] }],
    ['a mapping for an unknown stylist', { step: 2, stylists: [{ key: 'new-0', name: 'A' }], mappings: { ghost: 'cal' }, services: [] }],
    ['an unknown voice', { step: 3, selectedVoice: 'hal9000', firstMessage: 'Hi' }],
    ['a language the voice lacks', { step: 3, selectedVoice: 'niamh', selectedLanguage: 'pl', firstMessage: 'Hi' }],
    ['forwarding without a number', { step: 3, selectedVoice: 'niamh', firstMessage: 'Hi', phoneOption: 'forward' }],
    ['ringing the salon first for 3 seconds', { step: 3, selectedVoice: 'niamh', firstMessage: 'Hi', ringSalonFirstSeconds: 3 }],
    ['ringing the salon first for 61 seconds', { step: 3, selectedVoice: 'niamh', firstMessage: 'Hi', ringSalonFirstSeconds: 61 }],
  ])('refuses %s with a clear 400 and saves nothing', async (_label, body) => {
    const owner = await signUpOwner('setup-reject');
    const answer = await step(owner, body);
    expect(answer.status).toBe(400);
    expect(answer.text.length).toBeGreaterThan(3);
    expect(answer.text).not.toMatch(/ZodError|\sat \S+:\d+|[{[]/);
    expect((await api('/api/setup/load', { token: owner.accessToken })).body.exists).toBe(false);
  });

  it('refuses malformed JSON and other owners cannot read this setup', async () => {
    const [owner, other] = await Promise.all([signUpOwner('setup-json'), signUpOwner('setup-other')]);
    const malformed = await api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: '{"step":1,' });
    expect(malformed).toMatchObject({ status: 400, text: 'Request body is not valid JSON' });
    await step(owner, { step: 1, business, hours: DEFAULT_HOURS });
    expect((await api('/api/setup/load', { token: other.accessToken })).body.business.name).toBe('');
  });
});
