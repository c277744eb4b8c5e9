// The outside services a setting points tabwright at, as the configuration hands them over: a
// CAPTCHA solver (TABWRIGHT_CAPTCHA_*) and an AI provider (AI_*), with their defaults. The rooms
// that call them (lib/browser/captcha, lib/browser/ai) take these shapes from here.

/** Where a 2Captcha-compatible HTTP API is, its key, and how patiently to ask it. */
export interface SolverConfig {
  /** The API's base URL; `/in.php` and `/res.php` are under it. */
  base: string;
  key: string;
  /** Between polls of `res.php`. */
  pollMs: number;
  /** How long one solve may take before it counts as failed. */
  capMs: number;
}

/** 2Captcha's advice: poll every few seconds; one second keeps a step waiting no longer than needed. */
export const SOLVER_POLL_MS = 1_000;
/** 2Captcha answers reCAPTCHA within about two minutes or not at all. */
export const SOLVER_CAP_MS = 120_000;

/** An OpenAI-compatible chat completions endpoint, from AI_BASE_URL, AI_API_KEY and AI_MODEL. */
export interface AiProvider {
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** The model asked when AI_MODEL is unset. */
export const DEFAULT_AI_MODEL = 'gpt-4o-mini';
