import { deflateRawSync } from 'node:zlib';

/**
 * A tiny zip writer for tests: real archives (docx-shaped ones, bombs, archives whose central
 * directory lies about sizes) without a zip library.
 */
export interface ZipEntrySpec {
  name: string;
  data: Buffer;
  /** Stored instead of deflated. */
  store?: boolean;
  /** The uncompressed size written in the headers (a lie, if it differs from data.length). */
  declaredSize?: number;
  /** Sets the "encrypted" flag. */
  encrypted?: boolean;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function buildZip(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = entry.store ? entry.data : deflateRawSync(entry.data);
    // Traditional PKWARE encryption puts a 12-byte header before the (here unencrypted) data.
    const body = entry.encrypted ? Buffer.concat([Buffer.alloc(12, 0x11), packed]) : packed;
    const method = entry.store ? 0 : 8;
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data);
    const flags = 0x0800 | (entry.encrypted ? 1 : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const CONTENT_TYPES_DOCX = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);

/** A docx-shaped zip whose word/document.xml is `document` (however large it unpacks). */
export function docxWith(document: ZipEntrySpec['data'], options: Partial<ZipEntrySpec> = {}, extra: ZipEntrySpec[] = []): Buffer {
  return buildZip([{ name: '[Content_Types].xml', data: CONTENT_TYPES_DOCX }, { name: 'word/document.xml', data: document, ...options }, ...extra]);
}
