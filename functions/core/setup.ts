import { randomUUID } from 'node:crypto';
import { DAYS, DEFAULT_HOURS, clampStep, type SetupState, type SetupStepRequest, type Service, type Stylist } from '../contracts/setup.js';
import { VOICE_SETTINGS_UNSET, defaultFirstMessage, pickVoiceSettings } from '../contracts/voice-settings.js';
import type { Owner } from './owner.js';
import type { StoredSetup } from './ports/setup-store.js';
import type { Ports } from './ports.js';
import { InvalidInputError, NotSignedInError } from './errors.js';
import { setupMessages } from '../contracts/setup-fields.js';
import type { Salon } from './salon-profile.js';
import { callReadiness } from './call-readiness.js';
import { numberForSalon, type StockDeps } from './numbers/stock-numbers.js';
import { logger } from '../logger.js';
import { findOrCreateOwnerSalon, undoIfOwnerDeleted, type SalonDeps } from './salon.js';
import { isCalendarConnected } from './calendar-connection.js';
import { refreshAgentIfLive, type ProvisionDeps } from './voice-agent/provision.js';

export interface SetupDeps extends SalonDeps, Pick<Ports, 'setup'> {
  googleStore: Pick<Ports['googleStore'], 'getConnection'>;
}

const newId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;

/** The setup object the wizard loads, with defaults for whatever was never saved. */
export async function loadSetup(deps: SetupDeps, owner: Owner): Promise<SetupState> {
  const salon = await findOrCreateOwnerSalon(deps, owner);
  const [stored, connected] = await Promise.all([deps.setup.load(salon.id), isCalendarConnected(deps.googleStore, salon.id)]);
  // Until step 1 is saved the salon's name is only a placeholder (the owner's email).
  const details = salon.business;
  const businessName = details ? salon.name : '';
  return {
    exists: stored.exists,
    business: {
      name: businessName,
      phone: details ? (salon.phone ?? '') : '',
      address_line: details?.address_line ?? '',
      town_city: details?.town_city ?? '',
      county: details?.county ?? '',
      eircode: details?.eircode ?? '',
      directions: details?.directions ?? '',
      caller_notes: details?.caller_notes ?? '',
      owner_mobile: details?.owner_mobile ?? '',
      reminders: details?.reminders ?? true,
      reminder_hours: details?.reminder_hours ?? 24,
      hours: salon.hours ?? DEFAULT_HOURS,
    },
    stylists: stored.stylists,
    mappings: stored.mappings,
    services: stored.services,
    google_connected: connected,
    // Unset until step 3 is saved (no voice yet, so the dashboard's Voice card reads Not started;
    // the wizard then preselects the first voice), with a greeting naming the salon.
    ...(stored.voice ?? { ...VOICE_SETTINGS_UNSET, firstMessage: businessName ? defaultFirstMessage(businessName) : '' }),
    currentStep: clampStep(stored.currentStep),
    phoneOption: stored.phoneOption,
    forwardNumber: stored.forwardNumber,
    forwardWhen: stored.forwardWhen,
  };
}

/** A stylist's services as the form names them (a saved service's id, or a new one's name) → this save's ids; unknown ones drop. */
function serviceIdsOf(references: readonly string[], services: readonly Service[]): string[] {
  const wanted = new Set(references.map((reference) => reference.trim().toLowerCase()));
  return services.filter((service) => wanted.has(service.id.toLowerCase()) || wanted.has(service.name.trim().toLowerCase())).map((service) => service.id);
}

/**
 * Ids are the server's: a row keeps its id only if it already belongs to this salon, so an id
 * from another salon (or made up) can never overwrite anything; everything else gets a new one.
 */
function assignIds(request: Extract<SetupStepRequest, { step: 2 }>, previous: StoredSetup) {
  const knownStylists = new Set(previous.stylists.map((stylist) => stylist.id));
  const knownServices = new Set(previous.services.map((service) => service.id));
  const keyToId: Record<string, string> = {};
  const services: Service[] = request.services.map((service) => ({
    ...service,
    id: service.id && knownServices.has(service.id) ? service.id : newId('svc'),
  }));
  const stylists: Stylist[] = request.stylists.map((row) => {
    const id = row.id && knownStylists.has(row.id) ? row.id : newId('sty');
    keyToId[row.key] = id;
    return {
      id,
      name: row.name,
      ...(row.days ? { days: DAYS.filter((day) => row.days!.includes(day)) } : {}),
      ...(row.services ? { services: serviceIdsOf(row.services, services) } : {}),
    };
  });
  const mappings = Object.fromEntries(Object.entries(request.mappings).map(([key, calendarId]) => [keyToId[key]!, calendarId]));
  return { stylists, mappings, services, keyToId };
}

export async function saveSetupStep(deps: SetupDeps & ProvisionDeps & StockDeps, owner: Owner, request: SetupStepRequest) {
  const salon = await findOrCreateOwnerSalon(deps, owner);
  if (request.step === 3) await refuseLoopingNumbers(deps, salon, request);
  const saved = await saveStep(deps, salon.id, request);
  // The account may have been deleted while the step was being saved.
  if (await undoIfOwnerDeleted(deps, owner.userId, salon.id)) throw new NotSignedInError();
  // A salon's hosted agent learns the change; this never fails the save (a refusal is logged, the next save or Go Live catches up).
  await refreshAgentIfLive(deps, salon.id);
  await giveNumberOnceComplete(deps, salon.id);
  return saved;
}

/**
 * The number arrives the moment setup is complete (functions/core/numbers/give-number.ts). A
 * failure never fails the save: the dashboard's next load, or the number job, tries again.
 */
export async function giveNumberOnceComplete(deps: Pick<SetupDeps, 'salons' | 'setup' | 'now'> & StockDeps, salonId: string): Promise<void> {
  const [salon, stored] = await Promise.all([deps.salons.get(salonId, true), deps.setup.load(salonId)]);
  if (!salon || salon.assignedNumber || !callReadiness(salon, stored, deps.now()).setupComplete) return;
  await numberForSalon(deps, salonId).catch((error: unknown) => logger.error('number not given at setup', { salonId, name: (error as Error)?.name }));
}

/**
 * A number to put callers through to (or ring first) must not call us back (RELIABILITY 53): the
 * form refuses the salon's forwarded line (contracts/setup.ts forwardingIssues), and here any of
 * our own numbers and any number that has looped before, which only the server knows.
 */
async function refuseLoopingNumbers(deps: Pick<Ports, 'numbers'>, salon: Salon, request: Extract<SetupStepRequest, { step: 3 }>): Promise<void> {
  const escalation = request.escalationPhone;
  if (!escalation) return;
  if (salon.loopingNumbers?.includes(escalation)) throw new InvalidInputError(setupMessages.putThroughForwards);
  if (escalation === salon.assignedNumber || (await deps.numbers.get(escalation))) throw new InvalidInputError(setupMessages.putThroughIsOurs);
}

async function saveStep(deps: SetupDeps, salonId: string, request: SetupStepRequest) {
  const currentStep = clampStep(request.currentStep ?? request.step + 1);
  const at = deps.now().toISOString();
  switch (request.step) {
    case 1:
      await deps.setup.saveBusiness(salonId, request.business, request.hours);
      await deps.setup.saveProgress(salonId, currentStep, 1, at);
      return { saved: 1, currentStep };
    case 2: {
      const previous = await deps.setup.load(salonId);
      const team = assignIds(request, previous);
      await deps.setup.replaceTeam(salonId, team, previous);
      await deps.setup.saveProgress(salonId, currentStep, 2, at);
      return { saved: 2, currentStep, ...team };
    }
    case 3: {
      const { phoneOption, forwardNumber, forwardWhen } = request;
      await deps.setup.saveVoice(salonId, pickVoiceSettings(request), {
        phoneOption,
        forwardNumber: phoneOption === 'forward' ? forwardNumber : '',
        forwardWhen,
      });
      await deps.setup.saveProgress(salonId, currentStep, 3, at);
      return { saved: 3, currentStep };
    }
  }
}
