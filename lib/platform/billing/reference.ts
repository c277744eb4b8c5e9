import { PLAN_NAMES, PLANS } from '../../contract/plans.js';
import { RATES } from './rates.js';

// The plan and rate tables of docs/api.md, written from the tables the service enforces.

const n = (value: number): string => value.toLocaleString('en-US');
const mib = (bytes: number): string => `${n(bytes / 2 ** 20)} MiB`;
const minutes = (seconds: number): string => (seconds % 3600 === 0 ? `${seconds / 3600} h` : `${seconds / 60} min`);

/** The plans as a markdown table. */
export function plansTable(): string {
  const rows = PLAN_NAMES.map((name) => {
    const plan = PLANS[name];
    const downloads = `${mib(plan.downloadFileBytes)} a file, ${mib(plan.downloadSessionBytes)} and ${plan.downloadsPerSession} files a session`;
    return `| ${name} | ${n(plan.creditsPerMonth)} | ${plan.concurrentSessions} | ${minutes(plan.maxSessionSeconds)} (\`timeout\` up to ${plan.maxSessionSeconds}) | ${n(plan.requestsPerMinute)} | ${downloads} |`;
  });
  return ['| plan | credits a month | concurrent sessions | longest session | requests a minute | downloads |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

/** The credit rates as a markdown table. */
export function ratesTable(): string {
  return [
    '| what | credits | rounding |',
    '|---|---|---|',
    `| runtime | ${RATES.perSecond} a second, from create to close, expiry or failure (idle time included) | seconds up |`,
    `| datacenter proxy (and your own proxy) | ${RATES.perDatacenterMiB} a MiB of response bytes | MiB up, per session |`,
    `| residential proxy | ${RATES.perResidentialMiB} a MiB of response bytes | MiB up, per session |`,
    `| ai >> selectors | ${RATES.perThousandAiTokens} a 1,000 tokens (prompt and completion) | thousands up, per session |`,
    `| CAPTCHA solves | ${RATES.perCaptchaSolve} a solve | per solve |`,
  ].join('\n');
}
