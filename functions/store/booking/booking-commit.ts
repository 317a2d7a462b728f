import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DayItem, StoredAppointment } from '../../core/booking/records.js';
import { appointmentPut } from './appointment-store.js';
import { callerPut, type CallerRecord } from './caller-store.js';
import { dayPut } from './day-store.js';

/**
 * A new booking's commit, one TransactWriteItems: the stylist's day takes the reservation (at the
 * version read), the caller's record counts it against the hourly cap (at the version read) and
 * the appointment is created. All three or none: no booking without its cap's count or its
 * appointment, no count without a booking, whatever dies when.
 */
export interface NewBooking {
  day: DayItem;
  caller: { phoneHash: string; record: CallerRecord };
  appointment: StoredAppointment;
}

/** committed, or which item's condition refused it (the others were not written either). */
export type CommitOutcome = 'committed' | 'day-changed' | 'caller-changed' | 'appointment-exists';

/** The transaction's items in this order, so a refusal's reason at index i names item i. */
const REFUSED: readonly CommitOutcome[] = ['day-changed', 'caller-changed', 'appointment-exists'];

export type CommitNewBooking = (salonId: string, booking: NewBooking) => Promise<CommitOutcome>;

export function createCommitNewBooking(client: DynamoDBDocumentClient, tableName: string): CommitNewBooking {
  return async (salonId, booking) => {
    const command = new TransactWriteCommand({
      TransactItems: [
        { Put: dayPut(tableName, salonId, booking.day) },
        { Put: callerPut(tableName, salonId, booking.caller.phoneHash, booking.caller.record) },
        { Put: appointmentPut(tableName, booking.appointment) },
      ],
    });
    try {
      await client.send(command);
      return 'committed';
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      // A refusal for another reason (a conflicting transaction in flight: TransactionConflict) is
      // not a condition's: it goes again like any lost race, on what is read next.
      const index = (error.CancellationReasons ?? []).findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
      return REFUSED[index] ?? 'day-changed';
    }
  };
}
