import { agentEntity } from './agent-entity.js';
import { appointmentEntity } from './appointment-entity.js';
import { checkoutEntity, overageLedgerEntity, paymentAccountEntity, stripeEventEntity } from './billing-entities.js';
import { calendarMirrorEntity } from './calendar-mirror-entity.js';
import { callEntity, callTranscriptEntity } from './call-entities.js';
import { callSweepEntity } from './call-sweep-entity.js';
import { activityEntity, diallingEntity, sandboxOutboxEntity } from './dashboard-entities.js';
import { deliveryClaimEntity } from './delivery-claim-entity.js';
import { bookingCountEntity, callerEntity, dayEntity, idempotencyEntity, messageEntity } from './booking-entities.js';
import { calendarConnectionEntity, oauthStateEntity, sandboxEventEntity, sandboxRevokedTokenEntity } from './google-entities.js';
import { numberWaitingEntity, phoneNumberEntity } from './number-entities.js';
import { outboxEntity } from './outbox-entity.js';
import { profileEntity } from './profile-entity.js';
import { rateLimitEntity } from './rate-limit-entity.js';
import { serviceEntity, setupStateEntity, stylistCalendarEntity, stylistEntity, voiceSettingsEntity } from './setup-entities.js';
import { smsTextedByEntity, smsWhichSalonEntity } from './sms-routing-entities.js';
import { smsOptOutEntity, smsPendingEntity, smsReceivedEntity, smsSubjectEntity } from './sms-reply-entities.js';
import { calendarSyncEntity, reminderEntity, settleMarkerEntity } from './sweep-entities.js';
import { testCallEntity } from './test-call-entity.js';
import { noShowSetEntity, slotOfferEntity, waitlistEntryEntity } from './waitlist-entities.js';
import { callStatsEntity, usageDayEntity, usageWarningEntity } from './usage-entities.js';

/**
 * Every typed item kind, in the order docs/architecture.md's data-model table lists them
 * (bin/data-model-doc.ts). Only the doc generator and the tests import this: a Lambda imports
 * the entities it writes, not the registry, which builds them all.
 */
export const itemKinds = [
  dayEntity(),
  appointmentEntity(),
  callerEntity(),
  idempotencyEntity(),
  bookingCountEntity(),
  reminderEntity(),
  calendarSyncEntity(),
  settleMarkerEntity(),
  outboxEntity(),
  messageEntity(),
  waitlistEntryEntity(),
  slotOfferEntity(),
  noShowSetEntity(),
  agentEntity(),
  callEntity(),
  callTranscriptEntity(),
  callSweepEntity(),
  deliveryClaimEntity(),
  testCallEntity(),
  smsPendingEntity(),
  smsSubjectEntity(),
  smsOptOutEntity(),
  smsReceivedEntity(),
  profileEntity(),
  paymentAccountEntity(),
  checkoutEntity(),
  stripeEventEntity(),
  overageLedgerEntity(),
  rateLimitEntity(),
  smsTextedByEntity(),
  smsWhichSalonEntity(),
  phoneNumberEntity(),
  numberWaitingEntity(),
  oauthStateEntity(),
  calendarConnectionEntity(),
  sandboxEventEntity(),
  sandboxRevokedTokenEntity(),
  setupStateEntity(),
  voiceSettingsEntity(),
  stylistEntity(),
  stylistCalendarEntity(),
  serviceEntity(),
  calendarMirrorEntity(),
  callStatsEntity(),
  usageDayEntity(),
  usageWarningEntity(),
  activityEntity(),
  diallingEntity(),
  sandboxOutboxEntity(),
] as const;
