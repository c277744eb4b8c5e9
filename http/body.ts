import { ApiError, httpErrors } from '../lib/contract/errors.js';
import type { AppContext } from './state.js';

/** decisions.md: a body over 1 MiB is 413 payload_too_large. */
export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = (): ApiError =>
  new ApiError(413, 'payload_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes`, { limit: MAX_BODY_BYTES });

/** Reads the raw body, refusing it as soon as it passes the limit (Content-Length first, then the stream). */
export async function readRawBody(ctx: AppContext): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length') || 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      ctx.req.destroy();
      throw tooLarge();
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Parses a raw body as JSON; bad JSON is 400 invalid_request naming the body. */
export function parseJson(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (text.trim() === '') throw httpErrors.invalid('The request body is empty; send a JSON object', { path: 'body', expected: 'a JSON object' });
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'invalid JSON';
    throw httpErrors.invalid(`The request body is not valid JSON: ${detail}`, { path: 'body', expected: 'a JSON object' });
  }
}
