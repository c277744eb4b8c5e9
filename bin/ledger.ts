// `tabwright ledger export`: an account's credit ledger as CSV (decisions.md "Ledger export").
import { writeFileSync } from 'node:fs';
import { ledgerCsv } from '../lib/platform/billing/csv.js';
import { commandConfig, dataDirOption, parse, UsageError, withStore, type CliIo } from './command.js';

/** Runs one `ledger` subcommand and returns the exit code. */
export function ledgerCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'export':
      return exportCsv(rest, io);
    default:
      throw new UsageError(sub === undefined ? 'ledger needs a subcommand' : `unknown ledger subcommand '${sub}'`);
  }
}

function exportCsv(args: string[], io: CliIo): Promise<number> {
  const options = { ...dataDirOption, account: { type: 'string' }, out: { type: 'string' }, test: { type: 'boolean' } } as const;
  const { values } = parse(args, options, 0);
  const id = values.account;
  if (!id) throw new UsageError('ledger export needs --account ID');
  return withStore(commandConfig(io, { dataDir: values['data-dir'] }), async (store) => {
    if (!(await store.getAccount(id))) throw new Error(`no account ${id}`);
    // Bring the pool's grants up to date so an idle account still shows its cycles.
    await store.creditBalance(id, values.test ?? false, Date.now());
    const csv = ledgerCsv(await store.ledgerEntries(id, { test: values.test ?? false }));
    if (values.out) {
      writeFileSync(values.out, csv);
      io.err(`wrote ${values.out}\n`);
    } else io.out(csv);
    return 0;
  });
}
