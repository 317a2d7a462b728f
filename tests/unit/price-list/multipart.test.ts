import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMultipart } from '../../../functions/api/services-extract.js';
import { DomainError } from '../../../functions/core/errors.js';
import type { ApiEvent } from '../../../functions/http/handler.js';
import { statusOf } from '../../../functions/http/errors.js';

/** The multipart reader on its own: limits, and no body whatever can crash it (RELIABILITY 29). */
const event = (body: Buffer, contentType = 'multipart/form-data; boundary=b0und'): ApiEvent =>
  ({ headers: { 'content-type': contentType }, body: body.toString('base64'), isBase64Encoded: true }) as unknown as ApiEvent;

const part = (field: string, filename: string | null, data: string | Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--b0und\r\nContent-Disposition: form-data; name="${field}"${filename === null ? '\r\n' : `; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n`}\r\n`,
    ),
    Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
const form = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from('--b0und--\r\n')]);

async function outcome(work: Promise<unknown>) {
  return work.then(
    (value) => ({ value, error: null as DomainError | null }),
    (error: unknown) => {
      expect(error).toBeInstanceOf(DomainError);
      return { value: null, error: error as DomainError };
    },
  );
}

describe('readMultipart', () => {
  it('reads every file of the field "files", without any path in the name', async () => {
    const files = await readMultipart(event(form(part('files', 'a.txt', 'Cut €40'), part('files', 'C:\\fakepath\\b.pdf', '%PDF-1.4'))));
    expect(files.map((file) => [file.name, Buffer.from(file.bytes).toString()])).toEqual([
      ['a.txt', 'Cut €40'],
      ['b.pdf', '%PDF-1.4'],
    ]);
  });

  it.each([
    ['a body that is not multipart', event(Buffer.from('{}'), 'application/json'), 415],
    ['multipart without a boundary', event(Buffer.from('x'), 'multipart/form-data'), 415],
    ['another field name', event(form(part('file', 'a.txt', 'Cut €40'))), 400],
    ['a text field named files', event(form(part('files', null, 'Cut €40'))), 400],
    ['eleven files', event(form(...Array.from({ length: 11 }, (_, index) => part('files', `${index}.txt`, 'x')))), 400],
    ['a body cut off inside a file', event(Buffer.from('--b0und\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nCut €40')), 400],
    ['a file over 4 MB', event(form(part('files', 'big.txt', Buffer.alloc(4 * 1024 * 1024 + 1, 0x41)))), 413],
  ])('refuses %s with a clear 4xx', async (_label, request, status) => {
    const { error } = await outcome(readMultipart(request));
    expect(error && statusOf(error)).toBe(status);
  });

  it('never crashes on random bodies, boundaries and content types: files, or a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
          fc
            .array(fc.tuple(fc.constantFrom('files', 'file', ''), fc.option(fc.string({ maxLength: 30 })), fc.uint8Array({ maxLength: 300 })))
            .map((parts) => form(...parts.map(([field, name, bytes]) => part(field, name, Buffer.from(bytes))))),
          fc
            .uint8Array({ maxLength: 500 })
            .map((bytes) =>
              Buffer.concat([Buffer.from('--b0und\r\nContent-Disposition: form-data; name="files"; filename="x.pdf"\r\n\r\n'), Buffer.from(bytes)]),
            ),
        ),
        fc.constantFrom(
          'multipart/form-data; boundary=b0und',
          'multipart/form-data; boundary="b0und"',
          'multipart/form-data; boundary=',
          'multipart/form-data; boundary=b0und; charset=utf-16',
        ),
        async (body, contentType) => {
          const { value, error } = await outcome(readMultipart(event(body, contentType)));
          if (error) {
            expect(statusOf(error)).toBeGreaterThanOrEqual(400);
            expect(statusOf(error)).toBeLessThan(500);
          } else expect(Array.isArray(value)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
