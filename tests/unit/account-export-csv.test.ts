import { describe, expect, it } from 'vitest';
import { buildAccountExport } from '../../functions/core/account-export.js';
import { exportCsv } from '../../functions/core/account-export-csv.js';
import { exportCsvQuery } from '../../functions/contracts/account.js';
import { keys } from '../../functions/store/keys.js';
import { partitionLayout } from '../../functions/store/partition-layout.js';

/**
 * Issue 46, point 8: the export is something an owner can open. Beside the JSON, clients, bookings
 * and the waiting list as CSV, drawn from the same export. RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180#section-2):
 * records end in CRLF; a field holding a comma, a double quote or a line break is enclosed in double
 * quotes, and a quote inside it is doubled.
 */
const salonId = 'sal_csv';
const pk = `SALON#${salonId}`;
const BOM = '\uFEFF';

/** A caller's name with everything CSV must quote: a comma, quotes and a line break (a name is what a caller said). */
const AWKWARD = 'Ó Briain, "Sinéad"\nJr';

function appointment(id: string, start: string, end: string, callerName: string, callerPhone: string, source = 'phone-agent') {
  return {
    pk,
    sk: `APPT#${id}`,
    id,
    salonId,
    stylistId: 'sty_1',
    stylistName: 'Aoife',
    service: { id: 'svc_1', name: 'Cut, wash & blow-dry', durationMinutes: 60, priceCents: 4550, priceMinCents: null, priceMaxCents: null },
    start,
    end,
    callerName,
    callerPhone,
    callerEmail: null,
    status: 'confirmed',
    source,
    createdAt: '2026-11-20T09:15:00.000Z',
    calendarEventId: null,
  };
}

const data = buildAccountExport(
  partitionLayout,
  salonId,
  [
    appointment('bk_2', '2026-12-04T15:00:00+00:00', '2026-12-04T16:00:00+00:00', AWKWARD, '+35391562345'),
    appointment('bk_1', '2026-07-03T10:00:00+01:00', '2026-07-03T11:00:00+01:00', 'Mary Murphy', '+353871234567'),
    appointment('bk_t', '2026-12-05T10:00:00+00:00', '2026-12-05T11:00:00+00:00', 'Owner testing', '+353860000000', 'test-call'),
    appointment('bk_x', '2026-12-06T10:00:00+00:00', '2026-12-06T11:00:00+00:00', '=HYPERLINK("http://evil")', '+353861111111'),
    {
      pk,
      sk: keys.waitlistSk('2026-12-05', 'w1'),
      id: 'w1',
      date: '2026-12-05',
      serviceId: 'svc_1',
      serviceName: 'Colour',
      durationMinutes: 90,
      callerName: 'Nóra Daly',
      callerPhone: '+353871234567',
      createdAt: '2026-11-28T10:00:00.000Z',
      ttl: 1_800_000_000,
    },
    {
      pk,
      sk: keys.messageSk('2026-11-29T10:00:00.000Z', 'm1'),
      id: 'm1',
      callerName: 'Pat',
      callerPhone: '+353851234567',
      message: 'Ring me',
      createdAt: '2026-11-29T10:00:00.000Z',
    },
  ],
  new Date('2026-12-01T12:00:00Z'),
);

/** The spreadsheet's rows, read back by a strict RFC 4180 reader (below), so the test does not trust the writer's own idea of quoting. */
function readCsv(csv: string): string[][] {
  expect(csv.startsWith(BOM)).toBe(true);
  const body = csv.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') ((field += '"'), i++);
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') {
      expect(field, 'a quote may only open a field').toBe('');
      quoted = true;
    } else if (char === ',') (row.push(field), (field = ''));
    else if (char === '\r' && body[i + 1] === '\n') (row.push(field), rows.push(row), (row = []), (field = ''), i++);
    else {
      expect(char, 'a bare line break outside quotes is not RFC 4180').not.toMatch(/[\r\n]/);
      field += char;
    }
  }
  expect(field, 'the last record ends in CRLF').toBe('');
  return rows;
}

describe('the CSV export', () => {
  it('quotes commas, quotes and line breaks in names as RFC 4180 says, with CRLF records and a UTF-8 byte order mark', () => {
    const csv = exportCsv(data, 'bookings');
    expect(csv).toContain('"Ó Briain, ""Sinéad""\nJr"');
    expect(csv).toContain('"Cut, wash & blow-dry"');
    const rows = readCsv(csv);
    expect(rows[0]).toEqual(['Date', 'Start', 'End', 'Client', 'Phone', 'Email', 'Service', 'Price', 'Stylist', 'Status', 'Booked by', 'Booked at']);
    // Every record has every column, the awkward name included.
    for (const row of rows) expect(row).toHaveLength(12);
    // Appointments in time order, on the salon's clock (summer time in July), numbers the Irish way.
    expect(rows[1]).toEqual([
      '2026-07-03',
      '10:00',
      '11:00',
      'Mary Murphy',
      '087 123 4567',
      '',
      'Cut, wash & blow-dry',
      '€45.50',
      'Aoife',
      'confirmed',
      'Receptionist',
      '2026-11-20 09:15',
    ]);
    expect(rows[2]!.slice(0, 5)).toEqual(['2026-12-04', '15:00', '16:00', AWKWARD, '091 562 345']);
    expect(rows.find((row) => row[3] === 'Owner testing')?.[10]).toBe('Test call');
  });

  it("never hands a spreadsheet a formula from a caller's name", () => {
    const rows = readCsv(exportCsv(data, 'bookings'));
    expect(rows.find((row) => row[4] === '086 111 1111')?.[3]).toBe(`'=HYPERLINK("http://evil")`);
  });

  it('lists each client once by number, from bookings, the waiting list and messages, test calls left out', () => {
    const rows = readCsv(exportCsv(data, 'clients'));
    expect(rows[0]).toEqual(['Name', 'Phone', 'Email', 'Bookings', 'Last booking', 'On the waiting list', 'Messages']);
    const byPhone = Object.fromEntries(rows.slice(1).map((row) => [row[1], row]));
    // One number booked as Mary Murphy and later joined the waiting list as Nóra Daly: one client, under the name given last.
    expect(byPhone['087 123 4567']).toEqual(['Nóra Daly', '087 123 4567', '', '1', '2026-07-03 10:00', '1', '0']);
    expect(byPhone['091 562 345']).toEqual([AWKWARD, '091 562 345', '', '1', '2026-12-04 15:00', '0', '0']);
    expect(byPhone['085 123 4567']).toEqual(['Pat', '085 123 4567', '', '0', '', '0', '1']);
    expect(byPhone['086 000 0000']).toBeUndefined();
  });

  it('holds the waiting list, which the JSON export carries too', () => {
    expect(data.waitingList).toHaveLength(1);
    expect(readCsv(exportCsv(data, 'waiting-list'))).toEqual([
      ['Day', 'Client', 'Phone', 'Service', 'Minutes', 'Added'],
      ['2026-12-05', 'Nóra Daly', '087 123 4567', 'Colour', '90', '2026-11-28 10:00'],
    ]);
  });

  it('opens with its headings when a table is empty, and takes only the three table names', () => {
    const empty = buildAccountExport(partitionLayout, salonId, [], new Date('2026-12-01T12:00:00Z'));
    expect(readCsv(exportCsv(empty, 'waiting-list'))).toEqual([['Day', 'Client', 'Phone', 'Service', 'Minutes', 'Added']]);
    expect(exportCsvQuery.safeParse({ table: 'clients' }).success).toBe(true);
    expect(exportCsvQuery.safeParse({ table: 'calls' }).success).toBe(false);
    expect(exportCsvQuery.safeParse({ table: 'bookings', salonId }).success).toBe(false);
  });
});
