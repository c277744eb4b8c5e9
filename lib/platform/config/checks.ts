import { NODE_ID_PATTERN } from '../ids.js';
// One check per kind of setting. Each takes the trimmed text and returns the value, or throws an
// Error whose message completes the sentence that starts with the setting's name.
import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { AllowList, isHostName } from '../../network/address.js';
import { parsePools, type Pools } from '../../network/upstream.js';
import { SANDBOX_MODES, type SandboxMode } from './chromium-host.js';
import { isLogLevel, LOG_LEVELS, type LogLevel } from './log-level.js';
import { distance } from 'fastest-levenshtein';

/** Turns a setting's text into its value, or throws the rest of the sentence saying what is wrong. */
export type Check<T> = (text: string) => T;

const got = (text: string): string => `got '${text}'`;

/** A port number, 0 to 65535 (0: any free port). */
export const port: Check<number> = (text) => {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > 65535) throw new Error(`must be an integer from 0 to 65535, ${got(text)}`);
  return value;
};

/** An address to listen on: an IPv4 or IPv6 address, or a host name. */
export const host: Check<string> = (text) => {
  if (isIP(text) === 0 && !isHostName(text)) throw new Error(`must be an IP address or a host name, ${got(text)}`);
  return text;
};

/** A folder, made absolute; it may not exist yet (the store creates it), but must not be a file. */
export const folder: Check<string> = (text) => {
  if (!text) throw new Error(`must name a folder, ${got(text)}`);
  const path = resolve(text);
  let isFile = false;
  try {
    isFile = !statSync(path).isDirectory();
  } catch {
    // Absent: the store creates it.
  }
  if (isFile) throw new Error(`${path} is not a folder`);
  return path;
};

/** One of CHROMIUM_SANDBOX's modes. */
export const sandboxMode: Check<SandboxMode> = (text) => {
  const mode = SANDBOX_MODES.find((name) => name === text);
  if (!mode) throw new Error(`must be one of ${SANDBOX_MODES.join(', ')}, ${got(text)}`);
  return mode;
};

/** One of pino's levels. */
export const logLevel: Check<LogLevel> = (text) => {
  if (!isLogLevel(text)) throw new Error(`must be one of ${LOG_LEVELS.join(', ')}, ${got(text)}`);
  return text;
};

/** The forms `tabwright chart` prints, the first its default. */
export const CHART_FORMATS = ['mermaid', 'svg'] as const;
/** One of CHART_FORMATS. */
export type ChartFormat = (typeof CHART_FORMATS)[number];

/** One of CHART_FORMATS. */
export const chartFormat: Check<ChartFormat> = (text) => {
  const format = CHART_FORMATS.find((name) => name === text);
  if (!format) throw new Error(`must be one of ${CHART_FORMATS.join(', ')}, ${got(text)}`);
  return format;
};

/** A positive whole number of milliseconds. */
export const positiveMs: Check<number> = (text) => {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value <= 0) throw new Error(`must be a positive whole number of milliseconds, ${got(text)}`);
  return value;
};

/** A whole number from 0 to `max`. */
export const wholeUpTo =
  (max: number): Check<number> =>
  (text) => {
    const value = Number(text);
    if (!/^\d+$/.test(text) || value > max) throw new Error(`must be a whole number from 0 to ${max}, ${got(text)}`);
    return value;
  };
/** A whole number from `min` to `max`. */
export const wholeFromTo =
  (min: number, max: number): Check<number> =>
  (text) => {
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) throw new Error(`must be a whole number from ${min} to ${max}, ${got(text)}`);
    return value;
  };
/** A whole number from 0 (0 usually turns the thing off). */
export const wholeNumber: Check<number> = (text) => {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) throw new Error(`must be a whole number from 0, ${got(text)}`);
  return value;
};

/** An http or https URL, without trailing slashes (paths are appended to it). */
export const httpUrl: Check<string> = (text) => {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    // Reported below.
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`must be an http or https URL, ${got(text)}`);
  return text.replace(/\/+$/, '');
};

/** A node id: what session ids can carry (lib/platform/ids.ts). */
export const nodeId: Check<string> = (text) => {
  if (!NODE_ID_PATTERN.test(text)) throw new Error(`must be 1 to 20 lower-case letters and digits, got '${text}'`);
  return text;
};

/**
 * A PostgreSQL connection URL (postgres:// or postgresql://, with a host and a database). The
 * message never repeats the text: it may hold a password.
 */
export const postgresUrl: Check<string> = (text) => {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    // Reported below.
  }
  const expected = 'must be a PostgreSQL URL, postgresql://user:password@host:port/database';
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) throw new Error(`${expected} (the text given is not one; not repeated, it may hold a password)`);
  if (!url.hostname) throw new Error(`${expected}: the host is missing`);
  if (url.pathname.replace(/^\//, '') === '') throw new Error(`${expected}: the database name is missing`);
  return text;
};

/**
 * A 32-byte key written as 64 hex digits or in base64 (standard or URL-safe). The message never
 * repeats the text: it is a secret.
 */
export const key32: Check<Buffer> = (text) => {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  // 32 bytes are 43 base64 characters and one '=' of padding, optional in the URL-safe form.
  if (/^[A-Za-z0-9+/]{43}=$/.test(text)) return Buffer.from(text, 'base64');
  if (/^[A-Za-z0-9_-]{43}=?$/.test(text)) return Buffer.from(text, 'base64url');
  throw new Error('must be 32 bytes written as 64 hex digits or in base64, such as `openssl rand -hex 32` prints (the text given is not one; not repeated, it is a secret)');
};

/** Hosts, addresses and CIDRs for the address guard. */
export const allowList: Check<AllowList> = (text) => {
  try {
    return AllowList.parse(text);
  } catch (error) {
    throw new Error(`has entries that are ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
};

/** A token compared with a request header: printable, no spaces. */
export const token: Check<string> = (text) => {
  if (!/^[\x21-\x7e]+$/.test(text)) throw new Error('must be printable characters without spaces');
  return text;
};

/** The text of the file at `path`, or an error saying plainly why it cannot be had. */
function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'does not exist' : code === 'EACCES' ? 'is not readable' : code === 'EISDIR' ? 'is a folder' : `cannot be read (${code ?? String(error)})`;
    throw new Error(`file ${path} ${why}`, { cause: error });
  }
}

/** The PEM certificates in the file at `text` (TABWRIGHT_WEBHOOK_CA_FILE), checked to hold at least one that parses. */
export const certificateFile: Check<string> = (text) => {
  const path = resolve(text);
  const content = readText(path);
  const blocks = content.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new Error(`file ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch (error) {
      throw new Error(`file ${path} holds a certificate that does not parse (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
  }
  return blocks.join('\n');
};

/** The proxy pools in the JSON file at `text`. */
export const proxyFile: Check<Pools> = (text) => {
  const path = resolve(text);
  const content = readText(path);
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    throw new Error(`file ${path} is not JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  try {
    return parsePools(parsed);
  } catch (error) {
    throw new Error(`file ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
};

/**
 * A sentence for each TABWRIGHT_* variable that is not one of `known`: a misspelt setting would
 * otherwise be silently ignored. Other names (HOST, PORT, ...) are too common to judge.
 */
export function unknownNames(names: Iterable<string>, known: readonly string[]): string[] {
  const problems: string[] = [];
  for (const name of names) {
    if (!name.startsWith('TABWRIGHT_') || known.includes(name)) continue;
    const closest = known.map((candidate) => ({ candidate, d: distance(name, candidate) })).sort((x, y) => x.d - y.d)[0];
    const hint = closest && closest.d <= 3 ? ` (did you mean ${closest.candidate}?)` : '';
    problems.push(`${name} is not a tabwright setting${hint}`);
  }
  return problems;
}
