import * as z from 'zod';
import { toE164 } from './phone.js';

/**
 * What every setup form says when a field is wrong, and the phone fields' rule: shared by the
 * wizard's steps (contracts/setup.ts) and the voice settings (contracts/voice-settings.ts).
 */
export const DIRECTIONS_MAX = 600;
/** "Things callers should know": patch tests, the cancellation policy, senior stylists' prices (issue 45). */
export const CALLER_NOTES_MAX = 1000;

export const setupMessages = {
  businessNameRequired: 'Business name is required',
  businessPhoneRequired: 'Phone number is required',
  businessPhoneInvalid: 'Please enter a valid phone number',
  directionsTooLong: `Directions must be ${DIRECTIONS_MAX} characters or fewer`,
  callerNotesTooLong: `Things callers should know must be ${CALLER_NOTES_MAX} characters or fewer`,
  hoursInvalid: 'Opening and closing times must be in HH:MM format',
  hoursOrder: 'Closing time must be after opening time',
  stylistNameRequired: 'Stylist name is required',
  stylistRequired: 'Add at least one stylist',
  stylistNeedsDay: 'Choose at least one day they work',
  serviceNameRequired: 'Service name is required',
  durationPositive: 'Duration must be greater than 0',
  pricePositive: 'Price must be greater than €0',
  rangeNeedsPrice: 'At least min or max price must be greater than €0',
  rangeOrder: 'Min price cannot be greater than max price',
  depositAbovePrice: 'Deposit cannot be more than the price',
  wholeNumber: 'Please enter a whole number',
  euroAndCent: 'Please enter euro and cent, like 7.50',
  fixErrors: 'Please fix the validation errors before continuing',
  voiceUnknown: 'Please choose one of the voices',
  languageUnsupported: 'That language is not available for this voice',
  firstMessageRequired: 'First message is required',
  forwardNumberRequired: 'Please enter the number to forward calls from',
  ringSalonFirstRange: 'Ring the salon first for 0 (off) or 5 to 60 seconds',
  /** Forwarding loops (RELIABILITY 53): a number that sends its calls to the receptionist cannot take calls from it. */
  putThroughForwards: "That's the line you forward to your receptionist: calls put through to it would come straight back. Use your own mobile or a stylist's.",
  putThroughIsOurs: "That's a receptionist's number: calls put through to it would come straight back. Use your own mobile or a stylist's.",
  ringFirstAlreadyRings: 'Your salon phone already rings first: only the calls nobody answers come to your receptionist. Set this to 0.',
  ringFirstNeedsNumber:
    "Your salon's line sends every call to your receptionist, so ringing first needs another number in “Put callers through to”: your own mobile or a stylist's.",
  phoneInvalid: 'Please enter a valid phone number',
} as const;

/** A phone number written any usual Irish way, stored in E.164. */
export const phoneNumber = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((value, ctx) => {
      const e164 = toE164(value);
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: setupMessages.phoneInvalid });
        return z.NEVER;
      }
      return e164;
    });

/** A phone number the owner may leave empty (read as ''), else stored in E.164. */
export const optionalPhone = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx) => {
    if (!value) return '';
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: setupMessages.phoneInvalid });
      return z.NEVER;
    }
    return e164;
  });
