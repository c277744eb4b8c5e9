import type { ChallengeKind, Vendor } from './types.js';

/** How messages name each vendor. */
export const VENDOR_NAMES: Record<Vendor, string> = {
  recaptcha: 'Google reCAPTCHA',
  hcaptcha: 'hCaptcha',
  turnstile: 'Cloudflare Turnstile',
  cloudflare: 'Cloudflare',
  datadome: 'DataDome',
  perimeterx: 'PerimeterX (HUMAN)',
  aws_waf: 'AWS WAF',
  geetest: 'GeeTest',
  arkose: 'Arkose Labs',
  friendly_captcha: 'Friendly Captcha',
  amazon: 'Amazon',
  akamai: 'Akamai',
  imperva: 'Imperva (Incapsula)',
  sucuri: 'Sucuri',
  cloudfront: 'Amazon CloudFront',
  wordfence: 'Wordfence',
};

/**
 * The contract's kind per challenge vendor. The three widget vendors it names keep their own kind;
 * bot-management layers that answer with a whole-page check (Cloudflare's challenge, DataDome,
 * PerimeterX, AWS WAF) are `challenge`; CAPTCHA widgets of vendors the contract does not name are `other`.
 */
export const CHALLENGE_KINDS: Partial<Record<Vendor, ChallengeKind>> = {
  recaptcha: 'recaptcha',
  hcaptcha: 'hcaptcha',
  turnstile: 'turnstile',
  cloudflare: 'challenge',
  datadome: 'challenge',
  perimeterx: 'challenge',
  aws_waf: 'challenge',
  geetest: 'other',
  arkose: 'other',
  friendly_captcha: 'other',
  amazon: 'other',
};

/**
 * Which hit wins when a page carries several: interstitial vendors first (Cloudflare's challenge
 * page holds a Turnstile iframe, and it is the page that matters), then the named widgets.
 */
export const CHALLENGE_ORDER: readonly Vendor[] = [
  'cloudflare',
  'datadome',
  'perimeterx',
  'aws_waf',
  'amazon',
  'recaptcha',
  'hcaptcha',
  'turnstile',
  'geetest',
  'arkose',
  'friendly_captcha',
];
