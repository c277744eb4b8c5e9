import type { Page } from 'playwright';
import type { SolverConfig } from '../../platform/config/services.js';
import type { Solvable } from '../injected/captcha/types.js';
import { inPage } from '../program.js';
import type { Challenge } from './types.js';

/** One HTTP call to the solver; a hung connection must not hold a step until the cap. */
const REQUEST_CAP_MS = 30_000;

/** The vendors a 2Captcha-compatible API solves, with its `method` and the name of the site-key field. */
const METHODS = {
  recaptcha: { method: 'userrecaptcha', keyField: 'googlekey' },
  hcaptcha: { method: 'hcaptcha', keyField: 'sitekey' },
  turnstile: { method: 'turnstile', keyField: 'sitekey' },
} as const satisfies Record<Solvable, { method: string; keyField: string }>;

const isSolvable = (vendor: string): vendor is Solvable => Object.hasOwn(METHODS, vendor);

/** Why a solve failed, in words for the step error's message. */
class SolveFailure extends Error {}

/** Resolves after `ms`; rejects when `signal` aborts first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  const aborted = (): Error => (signal.reason instanceof Error ? signal.reason : new Error('aborted'));
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const abort = (): void => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal.addEventListener('abort', abort, { once: true });
  });
}

/** 2Captcha's JSON answer: status 1 with the id or token, status 0 with an error code or CAPCHA_NOT_READY. */
interface Answer {
  status: number;
  request: string;
}

/**
 * A session's CAPTCHA solver: sends reCAPTCHA v2, hCaptcha and Turnstile widgets to a
 * 2Captcha-compatible API, applies the token, and counts solves for billing.
 */
export class CaptchaSolver {
  private solves = 0;

  constructor(private readonly config: SolverConfig) {}

  /** The longest one solve may take: the cap, plus the submit and the last poll, each bounded by its request cap. */
  get limitMs(): number {
    return this.config.capMs + 2 * REQUEST_CAP_MS;
  }

  /** True for challenges the API can solve; interstitials (Cloudflare, DataDome, ...) are not among them. */
  handles(challenge: Challenge): boolean {
    return isSolvable(challenge.vendor);
  }

  /** Solves since the previous call (take semantics). */
  takeSolves(): number {
    const taken = this.solves;
    this.solves = 0;
    return taken;
  }

  /**
   * Solves `challenge` on `page` and applies the token: null when done, else why it failed.
   * An abort of `signal` rejects instead, so the act stops as cancelled.
   */
  async solve(page: Page, challenge: Challenge, signal: AbortSignal): Promise<string | null> {
    const vendor = challenge.vendor;
    if (!isSolvable(vendor)) return `the solver does not handle ${vendor}`;
    const widget = await inPage(page, 'captchaWidget', vendor).catch(() => null);
    if (!widget) return 'the widget has no site key';
    let token: string;
    try {
      token = await this.token(vendor, widget.sitekey, page.url(), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      return error instanceof SolveFailure ? error.message : `the solver could not be reached (${error instanceof Error ? error.message : String(error)})`;
    }
    // The API bills a token once it is issued, whatever the page then does with it.
    this.solves++;
    try {
      await inPage(page, 'applyToken', vendor, token, widget.index);
    } catch (error) {
      return `the token could not be applied (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
    }
    return null;
  }

  /** Submits the task, then polls until the token, an error, or the cap. */
  private async token(vendor: Solvable, sitekey: string, pageurl: string, signal: AbortSignal): Promise<string> {
    const { base, key, pollMs, capMs } = this.config;
    const { method, keyField } = METHODS[vendor];
    const deadline = Date.now() + capMs;
    const body = new URLSearchParams({ key, method, [keyField]: sitekey, pageurl, json: '1' });
    const task = await this.call(`${base}/in.php`, { method: 'POST', body }, signal);
    if (task.status !== 1) throw new SolveFailure(`the solver refused the task: ${task.request}`);
    const poll = `${base}/res.php?${new URLSearchParams({ key, action: 'get', id: task.request, json: '1' }).toString()}`;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) throw new SolveFailure(`the solver gave no answer within ${Math.round(capMs / 1000)} s`);
      await sleep(Math.min(pollMs, left), signal);
      const answer = await this.call(poll, { method: 'GET' }, signal);
      if (answer.status === 1) return answer.request;
      if (answer.request !== 'CAPCHA_NOT_READY') throw new SolveFailure(`the solver answered ${answer.request}`);
    }
  }

  private async call(url: string, init: RequestInit, signal: AbortSignal): Promise<Answer> {
    const response = await fetch(url, { ...init, signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_CAP_MS)]) });
    const text = await response.text();
    if (!response.ok) throw new SolveFailure(`the solver answered HTTP ${response.status}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new SolveFailure(`the solver answered ${text.slice(0, 80) || 'nothing'}`);
    }
    const { status, request } = (parsed ?? {}) as Partial<Record<keyof Answer, unknown>>;
    if (typeof status !== 'number' || typeof request !== 'string') throw new SolveFailure('the solver answered without status and request');
    return { status, request };
  }
}
