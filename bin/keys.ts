// `tabwright keys create|list|revoke`: API keys are made here, never through the HTTP API (interface.md part 5).
import { isPlanName, PLAN_NAMES, type PlanName } from '../lib/billing/plans.js';
import type { ApiKeyRecord } from '../lib/store/index.js';
import { commandConfig, dataDirOption, isoTime, parse, table, UsageError, withStore, type CliIo } from './command.js';

/** Runs one `keys` subcommand and returns the exit code. */
export function keysCommand(args: string[], io: CliIo): number {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'create':
      return create(rest, io);
    case 'list':
      return list(rest, io);
    case 'revoke':
      return revoke(rest, io);
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

function create(args: string[], io: CliIo): number {
  const { values } = parse(args, { ...dataDirOption, plan: { type: 'string' }, test: { type: 'boolean' }, account: { type: 'string' } }, 0);
  const plan = planArgument(values.plan);
  const test = values.test ?? false;
  if (plan === undefined && values.account === undefined) throw new UsageError('keys create needs --plan (or --account to add a key to an account)');
  return withStore(commandConfig(io, { dataDir: values['data-dir'] }).dataDir, (store) => {
    const now = Date.now();
    let account;
    if (values.account !== undefined) {
      account = store.getAccount(values.account);
      if (!account) throw new Error(`no account ${values.account} (see: tabwright accounts list)`);
      if (!test && plan !== undefined && plan !== account.plan) {
        throw new Error(
          `account ${account.id} is on plan '${account.plan}' and a live key uses its account's plan; ` +
            `change the account with: tabwright accounts set-plan ${account.id} ${plan}`,
        );
      }
    } else {
      account = store.createAccount({ plan: plan!, now });
      io.err(`created account ${account.id} on plan ${account.plan}\n`);
    }
    const { key, record } = store.createKey({ accountId: account.id, test, plan: test ? plan : undefined, now });
    io.err(`created ${test ? 'test' : 'live'} key ${record.prefix} (${record.id}) on plan ${record.plan} for account ${account.id}\n`);
    io.err('the key is shown only this once; store it now\n');
    // Alone on the last line of stdout, so `tail -n 1` or $(...) captures exactly the key.
    io.out(`${key}\n`);
    return 0;
  });
}

function list(args: string[], io: CliIo): number {
  const { values } = parse(args, { ...dataDirOption, account: { type: 'string' } }, 0);
  return withStore(commandConfig(io, { dataDir: values['data-dir'] }).dataDir, (store) => {
    if (values.account !== undefined && !store.getAccount(values.account)) throw new Error(`no account ${values.account}`);
    io.out(keyTable(store.listKeys(values.account)));
    return 0;
  });
}

function revoke(args: string[], io: CliIo): number {
  const { values, positionals } = parse(args, dataDirOption, 1);
  const [prefix] = positionals;
  if (prefix === undefined) throw new UsageError('keys revoke needs KEY_PREFIX');
  return withStore(commandConfig(io, { dataDir: values['data-dir'] }).dataDir, (store) => {
    const record = store.revokeKey(prefix, Date.now());
    io.out(`revoked ${record.prefix} (${record.id}, account ${record.accountId})\n`);
    return 0;
  });
}
