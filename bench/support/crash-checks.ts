import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../functions/store/keys.js';

/** A bookable time: one stylist at one start (epoch ms). */
export interface Slot {
  stylistId: string;
  stylistName: string;
  date: string;
  /** The salon's wall-clock start, as `book` takes it: YYYY-MM-DDTHH:MM. */
  start: string;
  at: number;
}

export const slotKey = (stylistId: string, at: number) => `${stylistId}@${at}`;

interface OwnerAppointment {
  id: string;
  stylistId: string;
  start: string;
  status: string;
  callerPhone: string;
}

/** What the owner sees: GET /api/appointments over the days of the slots. */
export async function ownerAppointments(url: string, authorization: string, from: string, days: number): Promise<OwnerAppointment[] | string> {
  const response = await fetch(`${url}/api/appointments?from=${from}&days=${days}`, { headers: { authorization } });
  if (!response.ok) return `the owner's list answered ${response.status}: ${(await response.text()).slice(0, 200)}`;
  return ((await response.json()) as { appointments: OwnerAppointment[] }).appointments;
}

interface TableItem {
  sk: string;
  id?: string;
  status?: string;
  stylistId?: string;
  date?: string;
  intervals?: { bookingId: string }[];
}

/** The salon's day items and appointments, read straight from DynamoDB Local (strongly consistent). */
async function salonItems(env: Record<string, string>, salonId: string): Promise<TableItem[]> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.DYNAMODB_ENDPOINT,
      region: 'eu-west-1',
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
    }),
  );
  const items: TableItem[] = [];
  try {
    for (const prefix of ['DAY#', 'APPT#']) {
      let start: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: env.TABLE_NAME,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': keys.salon(salonId), ':prefix': prefix },
            ConsistentRead: true,
            ExclusiveStartKey: start,
          }),
        );
        items.push(...((page.Items ?? []) as TableItem[]));
        start = page.LastEvaluatedKey;
      } while (start);
    }
  } finally {
    client.destroy();
  }
  return items;
}

/**
 * The table agrees with itself: every live reservation on a day has its appointment, live, and every
 * live appointment its reservation on its day. Answers the disagreements in words.
 */
export async function tableViolations(env: Record<string, string>, salonId: string): Promise<string[]> {
  const items = await salonItems(env, salonId);
  const reserved = new Map<string, string>();
  for (const day of items.filter((item) => item.sk.startsWith('DAY#'))) {
    for (const entry of day.intervals ?? []) reserved.set(entry.bookingId, day.sk);
  }
  const appointments = new Map(items.filter((item) => item.sk.startsWith('APPT#')).map((item) => [item.id!, item]));
  const live = (status: string | undefined) => status === 'confirmed' || status === 'awaiting_deposit';
  const violations: string[] = [];
  for (const [bookingId, daySk] of reserved) {
    const appointment = appointments.get(bookingId);
    if (!appointment) violations.push(`${daySk} reserves ${bookingId}, which has no appointment`);
    else if (!live(appointment.status)) violations.push(`${daySk} reserves ${bookingId}, whose appointment is ${appointment.status}`);
  }
  for (const [id, appointment] of appointments) {
    if (live(appointment.status) && !reserved.has(id)) violations.push(`appointment ${id} (${appointment.status}) has no reservation on its day`);
  }
  return violations;
}

export interface RoundState {
  slots: Slot[];
  /** Booking ids callers were told of (the burst's before the kill, and the probes'). */
  told: Map<string, string>;
  /** Each slot's probe answer this pass: 200 (booked now), 409 (taken), or another status. */
  probes: Map<string, { status: number; error?: string }>;
  appointments: OwnerAppointment[];
}

/** The owner's view against what callers were told and what the slots answered. */
export function ownerViolations({ slots, told, probes, appointments }: RoundState): string[] {
  const violations: string[] = [];
  const confirmedAt = new Map<string, OwnerAppointment[]>();
  for (const appointment of appointments.filter((entry) => entry.status === 'confirmed')) {
    const key = slotKey(appointment.stylistId, Date.parse(appointment.start));
    confirmedAt.set(key, [...(confirmedAt.get(key) ?? []), appointment]);
  }
  for (const slot of slots) {
    const key = slotKey(slot.stylistId, slot.at);
    const here = confirmedAt.get(key) ?? [];
    const probe = probes.get(key);
    if (here.length > 1)
      violations.push(`${slot.stylistName} ${slot.start} has ${here.length} confirmed bookings (${here.map((entry) => entry.id).join(', ')})`);
    if (probe?.status === 409 && here.length === 0)
      violations.push(`${slot.stylistName} ${slot.start} refuses a booking (${probe.error}) and the owner sees none there`);
    else if (probe && probe.status !== 200 && probe.status !== 409)
      violations.push(`${slot.stylistName} ${slot.start}: a new booking was answered ${probe.status} ${probe.error ?? ''}`);
  }
  const listed = new Set(appointments.filter((entry) => entry.status === 'confirmed').map((entry) => entry.id));
  for (const [id, caller] of told) if (!listed.has(id)) violations.push(`${caller} was told "booked" (${id}) and the owner does not see it confirmed`);
  return violations;
}
