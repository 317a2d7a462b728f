import { describe, expect, it } from 'vitest';
import type { UseFormReturn } from 'react-hook-form';
import { setupMessages } from '../../../functions/contracts/setup-fields.js';
import { ApiError } from '../../../web/src/lib/api-client.js';
import { errorMessages, showServerErrors } from '../../../web/src/lib/contract-form.js';
import { emptyService } from '../../../web/src/features/setup/service-draft.js';
import { businessForm, teamForm } from '../../../web/src/features/setup/validation.js';
import { defaultWizardData, emptyStylist } from '../../../web/src/features/setup/wizard-data.js';
import { formErrors } from './form-check.js';

/**
 * The setup steps' forms check their values with the shared contract as react-hook-form's resolver
 * (issue 44, point 6; web/src/features/setup/validation.ts), and show each refusal beside the
 * field or row it names: the first message per field, per day of the hours, per stylist and
 * service row.
 */
describe("the setup steps' form checks", () => {
  const { business, hours } = defaultWizardData();
  const named = { ...business, name: 'Salon Éire', phone: '01 234 5678' };

  it('step 1 names the business fields, and the day whose hours are wrong', async () => {
    expect(await formErrors(businessForm, { business, hours }, 2)).toEqual({
      'business.name': setupMessages.businessNameRequired,
      'business.phone': setupMessages.businessPhoneRequired,
    });
    const backwards = { ...hours, tuesday: { open: '18:00', close: '09:00', closed: false } };
    expect(await formErrors(businessForm, { business: named, hours: backwards }, 2)).toEqual({ 'hours.tuesday': setupMessages.hoursOrder });
    expect(await formErrors(businessForm, { business: named, hours: { ...backwards, tuesday: { ...backwards.tuesday, closed: true } } })).toEqual({});
  });

  it('step 2 names the stylist row and each field of each service row, checking empty and unreadable numbers as missing', async () => {
    const stylists = [{ ...emptyStylist(), name: 'Aoife' }, emptyStylist(), { ...emptyStylist(), name: 'Ciara', days: [] }];
    const services = [
      { ...emptyService(), name: 'Cut', duration: 30, price: 25 },
      { ...emptyService(), name: 'Colour', duration: Number.NaN, price: null },
      { ...emptyService(), name: 'Consultation', duration: 15, consultation: true },
    ];
    expect(await formErrors(teamForm, { stylists, services }, 2)).toEqual({
      'stylists.1': setupMessages.stylistNameRequired,
      'stylists.2': setupMessages.stylistNeedsDay,
      'services.1': setupMessages.durationPositive,
    });
    expect(await formErrors(teamForm, { stylists, services }, 3)).toMatchObject({
      'services.1.duration': setupMessages.durationPositive,
      'services.1.price': setupMessages.pricePositive,
    });
  });

  it('reads nested errors past their descriptive keys, keeping the first message of each', () => {
    const errors = {
      hours: { monday: { close: { type: 'custom', message: 'second', ref: { message: 'not a field' } } } },
      name: { type: 'server', message: 'first' },
    };
    expect(errorMessages(errors)).toEqual({ hours: 'second', name: 'first' });
    expect(errorMessages(errors.hours, 1, 'hours')).toEqual({ 'hours.monday': 'second' });
  });

  it("puts the server's refusal of a field beside it, and leaves paths outside the form to the page", () => {
    const set: [string, string][] = [];
    const form = { getValues: () => ({ business, hours }), setError: (path: string, error: { message: string }) => set.push([path, error.message]) };
    const refused = new ApiError(400, 'Phone number is required', { 'business.phone': 'Phone number is required', currentStep: 'Too big' });
    showServerErrors(form as unknown as UseFormReturn, refused);
    expect(set).toEqual([['business.phone', 'Phone number is required']]);
    showServerErrors(form as unknown as UseFormReturn, new ApiError(500, 'Save failed'));
    expect(set).toHaveLength(1);
  });
});
