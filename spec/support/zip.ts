import type { IncomingMessage } from 'node:http';
import type { Response } from 'supertest';
import { inflateRawSync } from 'node:zlib';

/**
 * A supertest parser for a route that answers a download or a JSON error: a zip stays bytes (a
 * Buffer in res.body, as the document check wants), JSON is parsed. `.buffer(true).parse(bytesOrJson)`.
 */
export function bytesOrJson(response: Response, done: (error: Error | null, body: unknown) => void): void {
  // What superagent hands a parser in Node is the raw message, whatever its typing says.
  const res = response as unknown as IncomingMessage;
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('error', (error) => done(error, undefined));
  res.on('end', () => {
    const bytes = Buffer.concat(chunks);
    if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return done(null, bytes);
    try {
      done(null, JSON.parse(bytes.toString('utf8')));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

/**
 * The files of a zip by name, read from its central directory (stored or deflated entries, no
 * ZIP64): enough to look inside a Playwright trace without an unzip on the machine.
 */
export function zipEntries(zip: Buffer): Map<string, Buffer> {
  // The end-of-central-directory record is the last thing in the file, before a comment of up to 64 KiB.
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`not a zip: bad central directory entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const [nameLength, extraLength, commentLength] = [zip.readUInt16LE(at + 28), zip.readUInt16LE(at + 30), zip.readUInt16LE(at + 32)];
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    // The local header repeats the name and has an extra field of its own length.
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + compressed);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}
