// tabwright/client: a small typed client of the REST API, typed by client/schema.ts (generated
// from docs/openapi.json). Every create and act carries an Idempotency-Key, so a connection that
// dropped is retried without creating or acting twice; 429/503 answers are retried by their
// Retry-After (client/retry.ts); any other error answer throws a TabwrightError.
import createClient from 'openapi-fetch';
import { errorOf } from './errors.js';
import { retryingFetch, type RetryOptions } from './retry.js';
import type { components, operations, paths } from './schema.js';

export { TabwrightError, UNEXPECTED_RESPONSE, type ErrorCode } from './errors.js';
export { retryAfterMs, type RetryOptions } from './retry.js';
export { verifyWebhookSignature, WEBHOOK_TOLERANCE_SECONDS } from './webhooks.js';
export type { components, operations, paths } from './schema.js';

type Schemas = components['schemas'];
/** What a create or an act answers: the session, the steps' results and the page. */
export type Envelope = Schemas['Envelope'];
/** One step of an act or a create (goto, click, fill, ...). */
export type Step = Schemas['Step'];
/** The body of POST /v1/sessions. */
export type CreateSessionBody = NonNullable<operations['createSession']['requestBody']>['content']['application/json'];
/** The body of POST /v1/sessions/:id/act. */
export type ActBody = operations['act']['requestBody']['content']['application/json'];
/** The query of GET /v1/sessions. */
export type ListSessionsQuery = NonNullable<operations['listSessions']['parameters']['query']>;
/** The body of POST /v1/sessions/:id/fork. */
export type ForkBody = NonNullable<operations['forkSession']['requestBody']>['content']['application/json'];
/** The query of GET /v1/profiles. */
export type ListProfilesQuery = NonNullable<operations['listProfiles']['parameters']['query']>;
/** The query of GET /v1/sessions/:id/events. */
export type EventsQuery = NonNullable<operations['sessionEvents']['parameters']['query']>;

/** The body POSTed to a webhook URL (verify it with verifyWebhookSignature first). */
export type WebhookEvent = Schemas['WebhookEvent'];
/** A session's webhook deliveries, with their attempts. */
export type WebhookDeliveryList = Schemas['WebhookDeliveryList'];
/** A download as getDownload answers it. */
export interface DownloadedFile {
  bytes: Uint8Array;
  /** Its Content-Type. */
  type: string;
  /** Its name from Content-Disposition (filename* when there is one), or null. */
  name: string | null;
}

/** Where the service is and how to reach it. */
export interface TabwrightOptions {
  /** The service's root, e.g. http://127.0.0.1:8080. */
  baseUrl: string;
  /** An API key (sk_live_… or sk_test_…), sent as a bearer token. */
  apiKey: string;
  retry?: RetryOptions;
  /** Another fetch (a proxy's, a test's); default globalThis.fetch. */
  fetch?: (request: Request) => Promise<Response>;
}

/** A client of one tabwright service under one API key. */
export class Tabwright {
  private readonly api;

  constructor(options: TabwrightOptions) {
    const inner = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    this.api = createClient<paths>({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      headers: { authorization: `Bearer ${options.apiKey}` },
      fetch: retryingFetch(inner, options.retry),
    });
  }

  /**
   * Opens a session; `idempotencyKey` defaults to a fresh one per call, kept across its retries.
   * The envelope's `cdp_url` lets your own Playwright or Puppeteer drive the same page:
   *
   * ```ts
   * const session = await tabwright.createSession({ url: 'https://example.com' });
   * const browser = await chromium.connectOverCDP(session.cdp_url);        // Playwright
   * const page = browser.contexts()[0].pages()[0];                          // the session's page
   * // or: await puppeteer.connect({ browserWSEndpoint: session.cdp_url }) // Puppeteer
   * ```
   */
  async createSession(body: CreateSessionBody = {}, options: { idempotencyKey?: string } = {}): Promise<Envelope> {
    const idempotencyKey = options.idempotencyKey ?? freshKey();
    return ok(await this.api.POST('/v1/sessions', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
  }

  /**
   * Runs steps in a session; a failing step is the envelope's `error`, not a throw.
   * `idempotencyKey` defaults to a fresh one per call, kept across its retries: a retry after a
   * dropped connection gets the first run's answer (or waits for it) and never clicks twice.
   */
  async act(id: string, body: ActBody, options: { idempotencyKey?: string } = {}): Promise<Envelope> {
    const idempotencyKey = options.idempotencyKey ?? freshKey();
    return ok(await this.api.POST('/v1/sessions/{id}/act', { params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } }, body }));
  }

  /**
   * Copies a live session `count` times (1 to 10, default 1): new sessions with its options,
   * cookies and storage, at its URL and scroll position, each having run `steps`; all or none.
   * `idempotencyKey` as act's: a retried fork never makes its copies twice.
   */
  async forkSession(id: string, body: ForkBody = {}, options: { idempotencyKey?: string } = {}): Promise<Envelope[]> {
    const idempotencyKey = options.idempotencyKey ?? freshKey();
    const answer = ok(await this.api.POST('/v1/sessions/{id}/fork', { params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } }, body }));
    return answer.sessions;
  }

  /** One page of the account's saved profiles, by name. */
  async listProfiles(query: ListProfilesQuery = {}): Promise<Schemas['ProfileList']> {
    return ok(await this.api.GET('/v1/profiles', { params: { query } }));
  }

  /** A profile's summary (origins, cookie count, size, times, who wrote it last, who holds it); never its content. */
  async getProfile(name: string): Promise<Schemas['Profile']> {
    return ok(await this.api.GET('/v1/profiles/{name}', { params: { path: { name } } }));
  }

  /** Deletes a profile (409 profile_in_use while a persisting session holds it). */
  async deleteProfile(name: string): Promise<void> {
    ok(await this.api.DELETE('/v1/profiles/{name}', { params: { path: { name } } }));
  }

  /** What the service knows of one session. */
  async getSession(id: string): Promise<Schemas['SessionInfo']> {
    return ok(await this.api.GET('/v1/sessions/{id}', { params: { path: { id } } }));
  }

  /** The page as the session's last act answered it, without acting (null fields before any act read it). */
  async getObservation(id: string): Promise<Schemas['LatestObservation']> {
    return ok(await this.api.GET('/v1/sessions/{id}/observation', { params: { path: { id } } }));
  }

  /** One page of the key's sessions, newest first. */
  async listSessions(query: ListSessionsQuery = {}): Promise<Schemas['SessionList']> {
    return ok(await this.api.GET('/v1/sessions', { params: { query } }));
  }

  /** Closes a session and bills it. */
  async deleteSession(id: string): Promise<void> {
    ok(await this.api.DELETE('/v1/sessions/{id}', { params: { path: { id } } }));
  }

  /** A session's webhook events, in order, each with its state and attempts. */
  async webhooks(id: string): Promise<WebhookDeliveryList> {
    return ok(await this.api.GET('/v1/sessions/{id}/webhooks', { params: { path: { id } } }));
  }

  /** The files the session's pages downloaded, oldest first (while it runs and for 24 h after it ended). */
  async listDownloads(id: string): Promise<Schemas['DownloadList']> {
    return ok(await this.api.GET('/v1/sessions/{id}/downloads', { params: { path: { id } } }));
  }

  /** One complete download: its bytes, its type and its name (409 download_incomplete while it arrives or once it was cut). */
  async getDownload(id: string, downloadId: string): Promise<DownloadedFile> {
    const result = await this.api.GET('/v1/sessions/{id}/downloads/{download_id}', { params: { path: { id, download_id: downloadId } }, parseAs: 'arrayBuffer' });
    const bytes = new Uint8Array(ok<ArrayBuffer>(result));
    const headers = result.response.headers;
    return { bytes, type: headers.get('content-type') ?? 'application/octet-stream', name: fileNameOf(headers.get('content-disposition')) };
  }

  /** One page of a session's journal (JSON; the live stream is for an EventSource). */
  async events(id: string, query: EventsQuery = {}): Promise<Schemas['EventPage']> {
    // The document's 200 is also the text/event-stream; asking for JSON makes it the EventPage.
    return ok(await this.api.GET('/v1/sessions/{id}/events', { params: { path: { id }, query }, headers: { accept: 'application/json' } })) as Schemas['EventPage'];
  }
}

// Web Crypto rather than node:crypto, so the client also runs in a browser or a worker.
const freshKey = (): string => globalThis.crypto.randomUUID();

/** The file name of a Content-Disposition header the service wrote: filename* (UTF-8) first, else filename. */
function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // Fall through to the plain name.
    }
  }
  return /filename="((?:[^"\\]|\\.)*)"/i.exec(header)?.[1]?.replace(/\\(.)/g, '$1') ?? null;
}

function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (!result.response.ok) throw errorOf(result.response, result.error);
  return result.data as T;
}
