// `tabwright accounts list|show|set-plan|topup`: accounts hold the plan and the credit pool (decisions.md).
import { PLANS } from '../lib/contract/plans.js';
import type { Account, Store } from '../lib/platform/store/index.js';
import { commandConfig, dataDirOption, isoTime, parse, table, UsageError, withStore, type CliIo } from './command.js';
import { keyTable, planArgument } from './keys.js';

/** Runs one `accounts` subcommand and returns the exit code. */
export function accountsCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list':
      return list(rest, io);
    case 'show':
      return show(rest, io);
    case 'set-plan':
      return setPlan(rest, io);
    case 'topup':
      return topUp(rest, io);
    default:
      throw new UsageError(sub === undefined ? 'accounts needs a subcommand' : `unknown accounts subcommand '${sub}'`);
  }
}

/** Active sessions over all the account's keys (the store counts per key, as the API scopes by key). */
async function activeSessions(store: Store, account: Account): Promise<number> {
  let sum = 0;
  for (const key of await store.listKeys(account.id)) sum += await store.countActiveSessions(key.id);
  return sum;
}

function list(args: string[], io: CliIo): Promise<number> {
  const { values } = parse(args, dataDirOption, 0);
  return withStore(commandConfig(io, { dataDir: values['data-dir'] }), async (store) => {
    const rows: string[][] = [];
    for (const account of await store.listAccounts()) {
      const keys = (await store.listKeys(account.id)).filter((key) => key.revokedAt === null).length;
      rows.push([account.id, account.plan, isoTime(account.createdAt), String(keys), String(await activeSessions(store, account))]);
    }
    io.out(table([['ID', 'PLAN', 'CREATED', 'KEYS', 'ACTIVE'], ...rows]));
    return 0;
  });
}

function show(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, dataDirOption, 1);
  const [id] = positionals;
  if (id === undefined) throw new UsageError('accounts show needs an account ID');
  return withStore(commandConfig(io, { dataDir: values['data-dir'] }), async (store) => {
    const account = await store.getAccount(id);
    if (!account) throw new Error(`no account ${id}`);
    const plan = PLANS[account.plan];
    const limits =
      `${plan.creditsPerMonth} credits/month, ${plan.concurrentSessions} concurrent sessions, ` +
      `${plan.maxSessionSeconds} s per session, ${plan.requestsPerMinute} requests/min`;
    io.out(
      table([
        ['account', account.id],
        ['plan', `${account.plan} (${limits})`],
        ['created', isoTime(account.createdAt)],
        ['active sessions', String(await activeSessions(store, account))],
        ['credits', `${await store.creditBalance(account.id, false, Date.now())} live, ${await store.creditBalance(account.id, true, Date.now())} test`],
      ]),
    );
    io.out(`keys:\n${keyTable(await store.listKeys(account.id))}`);
    return 0;
  });
}

function setPlan(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, dataDirOption, 2);
  const [id, planName] = positionals;
  if (id === undefined || planName === undefined) throw new UsageError('accounts set-plan needs an account ID and a plan');
  const plan = planArgument(planName)!;
  return withStore(commandConfig(io, { dataDir: values['data-dir'] }), async (store) => {
    if (!(await store.getAccount(id))) throw new Error(`no account ${id}`);
    const account = await store.setAccountPlan(id, plan);
    io.out(`account ${account.id} is now on plan ${account.plan}\n`);
    return 0;
  });
}

function topUp(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, dataDirOption, 2);
  const [id, amountText] = positionals;
  if (id === undefined || amountText === undefined) throw new UsageError('accounts topup needs an account ID and an amount');
  const amount = Number(amountText);
  if (!/^\d+$/.test(amountText) || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new UsageError(`amount must be a positive whole number of credits, got '${amountText}'`);
  }
  return withStore(commandConfig(io, { dataDir: values['data-dir'] }), async (store) => {
    if (!(await store.getAccount(id))) throw new Error(`no account ${id}`);
    const entry = await store.topUp(id, amount, Date.now(), 'top-up from the command line');
    io.out(`account ${id}: topped up ${entry.amount} credits, balance ${entry.balanceAfter}\n`);
    return 0;
  });
}
