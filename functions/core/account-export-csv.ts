import { stringify } from 'csv-stringify/sync';
import { DateTime } from 'luxon';
import type { AccountExport, CsvTable, ExportedRecord } from '../contracts/account.js';
import { SALON_TIME_ZONE } from '../contracts/appointments.js';
import { displayPhone } from '../contracts/phone.js';
import { formatEuro } from './money.js';

/**
 * RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180): CRLF between records, and any field holding a
 * comma, a quote or a line break quoted, its quotes doubled. csv-stringify quotes a field with a
 * line break only when told to once the record delimiter is set
 * (https://csv.js.org/stringify/options/quote_record_delimiter/). The byte order mark makes Excel
 * read the file as UTF-8 (fadas: "Siobhán"); escape_formulas puts a ' before a field starting with
 * = + - @ (https://csv.js.org/stringify/options/), since callers' names are what callers said.
 */
const CSV_OPTIONS = { header: true, bom: true, record_delimiter: 'windows', quote_record_delimiter: true, escape_formulas: true } as const;

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));
const phone = (value: unknown) => (text(value) ? displayPhone(text(value)) : '');
const local = (iso: unknown, format: string) => {
  const parsed = DateTime.fromISO(text(iso), { zone: SALON_TIME_ZONE });
  return parsed.isValid ? parsed.toFormat(format) : '';
};

function servicePrice(service: ExportedRecord | undefined): string {
  const cents = (name: string) => (typeof service?.[name] === 'number' ? (service[name] as number) : null);
  const single = cents('priceCents');
  if (single !== null) return formatEuro(single);
  const [min, max] = [cents('priceMinCents'), cents('priceMaxCents')];
  if (min !== null && max !== null) return `${formatEuro(min)}–${formatEuro(max)}`;
  return min !== null ? `from ${formatEuro(min)}` : '';
}

const SOURCES: Record<string, string> = { 'phone-agent': 'Receptionist', owner: 'Salon', 'test-call': 'Test call' };

function bookingRows(data: AccountExport) {
  return data.appointments.map((booking) => {
    const service = booking.service as ExportedRecord | undefined;
    return {
      Date: local(booking.start, 'yyyy-MM-dd'),
      Start: local(booking.start, 'HH:mm'),
      End: local(booking.end, 'HH:mm'),
      Client: text(booking.callerName),
      Phone: phone(booking.callerPhone),
      Email: text(booking.callerEmail),
      Service: text(service?.name),
      Price: servicePrice(service),
      Stylist: text(booking.stylistName),
      Status: text(booking.status),
      'Booked by': SOURCES[text(booking.source)] ?? text(booking.source),
      'Booked at': local(booking.createdAt, 'yyyy-MM-dd HH:mm'),
    };
  });
}

/** One row per caller the salon keeps (by number): from bookings, the waiting list and messages. */
function clientRows(data: AccountExport) {
  const clients = new Map<
    string,
    { Name: string; Phone: string; Email: string; Bookings: number; 'Last booking': string; 'On the waiting list': number; Messages: number }
  >();
  const client = (number: unknown, name: unknown) => {
    const key = text(number) || `no number: ${text(name)}`;
    let row = clients.get(key);
    if (!row) {
      row = { Name: '', Phone: phone(number), Email: '', Bookings: 0, 'Last booking': '', 'On the waiting list': 0, Messages: 0 };
      clients.set(key, row);
    }
    if (text(name).trim()) row.Name = text(name).trim();
    return row;
  };
  // Appointments are sorted by start: the last one seen is the latest booking, and its name the latest given.
  for (const booking of data.appointments.filter((item) => item.source !== 'test-call')) {
    const row = client(booking.callerPhone, booking.callerName);
    row.Bookings += 1;
    row['Last booking'] = local(booking.start, 'yyyy-MM-dd HH:mm');
    if (text(booking.callerEmail)) row.Email = text(booking.callerEmail);
  }
  for (const entry of data.waitingList) client(entry.callerPhone, entry.callerName)['On the waiting list'] += 1;
  for (const message of data.messages) client(message.callerPhone, message.callerName).Messages += 1;
  return [...clients.values()].sort((a, b) => a.Name.localeCompare(b.Name, 'en-IE'));
}

function waitingListRows(data: AccountExport) {
  return [...data.waitingList]
    .sort((a, b) => text(a.date).localeCompare(text(b.date)) || text(a.createdAt).localeCompare(text(b.createdAt)))
    .map((entry) => ({
      Day: text(entry.date),
      Client: text(entry.callerName),
      Phone: phone(entry.callerPhone),
      Service: text(entry.serviceName),
      Minutes: typeof entry.durationMinutes === 'number' ? entry.durationMinutes : '',
      Added: local(entry.createdAt, 'yyyy-MM-dd HH:mm'),
    }));
}

const ROWS: Record<CsvTable, (data: AccountExport) => Record<string, string | number>[]> = {
  clients: clientRows,
  bookings: bookingRows,
  'waiting-list': waitingListRows,
};

/** Column names of each table, so an empty table still opens with its headings. */
const COLUMNS: Record<CsvTable, string[]> = {
  clients: ['Name', 'Phone', 'Email', 'Bookings', 'Last booking', 'On the waiting list', 'Messages'],
  bookings: ['Date', 'Start', 'End', 'Client', 'Phone', 'Email', 'Service', 'Price', 'Stylist', 'Status', 'Booked by', 'Booked at'],
  'waiting-list': ['Day', 'Client', 'Phone', 'Service', 'Minutes', 'Added'],
};

/** One table of the export as CSV text (UTF-8 with a byte order mark), times on the salon's clock, numbers the Irish way. */
export function exportCsv(data: AccountExport, table: CsvTable): string {
  return stringify(ROWS[table](data), { ...CSV_OPTIONS, columns: COLUMNS[table] });
}
