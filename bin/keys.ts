// `tabwright keys create|list|revoke`: API keys are made here, never through the HTTP API (interface.md part 5).
import { setTimeout as sleep } from 'node:timers/promises';
import { isPlanName, PLAN_NAMES, type PlanName } from '../lib/contract/plans.js';
import type { ApiKeyRecord, Store } from '../lib/platform/store/index.js';
import { applyKeyWebhook, checkWebhookUrl, keyWebhookCommand } from './key-webhook.js';
import { commandConfig, dataDirOption, isoTime, parse, table, UsageError, withStore, type CliIo } from './command.js';

/** Runs one `keys` subcommand and returns the exit code. */
export function keysCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'create':
      return create(rest, io);
    case 'list':
      return list(rest, io);
    case 'revoke':
      return revoke(rest, io);
    case 'webhook':
      return keyWebhookCommand(rest, io);
    default:
      throw new UsageError(sub === undefined ? 'keys needs a subcommand' : `unknown keys subcommand '${sub}'`);
  }
}

/** The plan named on the command line, checked. */
export function planArgument(value: string | undefined): PlanName | undefined {
  if (value === undefined) return undefined;
  if (!isPlanName(value)) throw new UsageError(`unknown plan '${value}' (one of ${PLAN_NAMES.join(', ')})`);
  return value;
}

/** The key listing, shared with `accounts show`. */
export function keyTable(keys: ApiKeyRecord[]): string {
  const rows = keys.map((k) => [k.prefix, k.id, k.test ? 'test' : 'live', k.plan, k.accountId, isoTime(k.createdAt), isoTime(k.revokedAt)]);
  return table([['PREFIX', 'ID', 'KIND', 'PLAN', 'ACCOUNT', 'CREATED', 'REVOKED'], ...rows]);
}

function create(args: string[], io: CliIo): Promise<number> {
  const { values } = parse(args, { ...dataDirOption, plan: { type: 'string' }, test: { type: 'boolean' }, account: { type: 'string' }, 'webhook-url': { type: 'string' } }, 0);
  const plan = planArgument(values.plan);
  const test = values.test ?? false;
  if (plan === undefined && values.account === undefined) throw new UsageError('keys create needs --plan (or --account to add a key to an account)');
  const config = commandConfig(io, { dataDir: values['data-dir'] });
  const webhookUrl = values['webhook-url'];
  return withStore(config, async (store) => {
    // Before anything is written: a refused URL makes no key.
    if (webhookUrl !== undefined) await checkWebhookUrl(config, webhookUrl);
    const now = Date.now();
    let account;
    if (values.account !== undefined) {
      account = await store.getAccount(values.account);
      if (!account) throw new Error(`no account ${values.account} (see: tabwright accounts list)`);
      if (!test && plan !== undefined && plan !== account.plan) {
        throw new Error(
          `account ${account.id} is on plan '${account.plan}' and a live key uses its account's plan; ` +
            `change the account with: tabwright accounts set-plan ${account.id} ${plan}`,
        );
      }
    } else {
      account = await store.createAccount({ plan: plan!, now });
      io.err(`created account ${account.id} on plan ${account.plan}\n`);
    }
    const { key, record } = await store.createKey({ accountId: account.id, test, plan: test ? plan : undefined, now });
    io.err(`created ${test ? 'test' : 'live'} key ${record.prefix} (${record.id}) on plan ${record.plan} for account ${account.id}\n`);
    if (webhookUrl !== undefined) await applyKeyWebhook(config, store, record, { url: webhookUrl, rotate: true }, io);
    io.err('the key is shown only this once; store it now\n');
    // Alone on the last line of stdout, so `tail -n 1` or $(...) captures exactly the key.
    io.out(`${key}\n`);
    return 0;
  });
}

function list(args: string[], io: CliIo): Promise<number> {
  const { values } = parse(args, { ...dataDirOption, account: { type: 'string' } }, 0);
  return withStore(commandConfig(io, { dataDir: values['data-dir'] }), async (store) => {
    if (values.account !== undefined && !(await store.getAccount(values.account))) throw new Error(`no account ${values.account}`);
    io.out(keyTable(await store.listKeys(values.account)));
    return 0;
  });
}

/** How long `keys revoke` waits by default for a running server to close the key's sessions. */
const REVOKE_WAIT_SECONDS = 15;
/** How often it looks. */
const REVOKE_POLL_MS = 100;

/** `--wait S`: whole seconds from 0 (do not wait) to 300. */
function waitArgument(value: string | undefined): number {
  if (value === undefined) return REVOKE_WAIT_SECONDS;
  if (!/^\d{1,3}$/.test(value) || Number(value) > 300) throw new UsageError(`--wait must be a whole number of seconds from 0 to 300, got '${value}'`);
  return Number(value);
}

const sessions = (n: number): string => `${n} live session${n === 1 ? '' : 's'}`;

/** Those of the sessions `ids` that are in `status` now. */
async function sessionsIn(store: Store, ids: readonly string[], status: 'active' | 'closed'): Promise<string[]> {
  const rows = await Promise.all(ids.map((id) => store.getSession(id)));
  return ids.filter((_, i) => rows[i]?.status === status);
}

/**
 * Revokes the key, then waits (at most --wait seconds) while a running server closes the key's
 * live sessions (its registry checks for revoked keys every second), and says what became of them.
 */
async function revoke(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, { ...dataDirOption, wait: { type: 'string' } }, 1);
  const [prefix] = positionals;
  if (prefix === undefined) throw new UsageError('keys revoke needs KEY_PREFIX');
  const waitSeconds = waitArgument(values.wait);
  return withStore(commandConfig(io, { dataDir: values['data-dir'] }), async (store) => {
    const record = await store.revokeKey(prefix, Date.now());
    const live = await store.activeSessionIds(record.id);
    const deadline = Date.now() + waitSeconds * 1000;
    let open = live;
    while (open.length > 0 && Date.now() < deadline) {
      await sleep(REVOKE_POLL_MS);
      open = await sessionsIn(store, open, 'active');
    }
    const closed = (await sessionsIn(store, live, 'closed')).length;
    io.out(`revoked key ${record.prefix}… (${record.id}, account ${record.accountId}); ${whatBecame(live.length, closed, open.length, waitSeconds)}\n`);
    return 0;
  });
}

/** What became of the key's `live` sessions: `closed` were closed, `open` are still recorded as active after the wait. */
function whatBecame(live: number, closed: number, open: number, waitSeconds: number): string {
  if (live === 0) return 'it had no live sessions';
  const withoutServer = 'without one, serve records them as failed when it next starts';
  if (waitSeconds === 0) return `${sessions(live)} not waited for: a running server closes them within a second or two; ${withoutServer}`;
  let said = `closed ${closed === live ? sessions(closed) : `${closed} of ${sessions(live)}`}`;
  const otherwise = live - open - closed;
  if (otherwise > 0) said += ` (${otherwise} ended on ${otherwise === 1 ? 'its' : 'their'} own meanwhile)`;
  if (open > 0) said += `; ${open} still recorded as active after ${waitSeconds} s: a running server closes them at its next check; ${withoutServer}`;
  return said;
}
