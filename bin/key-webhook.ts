// `tabwright keys webhook KEY_PREFIX [--url URL | --clear-url] [--rotate-secret]`, and the part of
// `keys create --webhook-url` that sets the new key's webhook: lib/platform/webhooks/keys.ts does
// the work; this finds the key, seals with the service's key and prints the secret once.
import { AddressGuard } from '../lib/network/address.js';
import { profileKey, type Config } from '../lib/platform/config/index.js';
import { KEY_PREFIX_LENGTH, MIN_REVOKE_PREFIX, type ApiKeyRecord, type Store } from '../lib/platform/store/index.js';
import { setKeyWebhook, type KeyWebhookChange } from '../lib/platform/webhooks/keys.js';
import { secretSealingKey } from '../lib/platform/webhooks/secret.js';
import { webhookUrlRefusal } from '../lib/platform/webhooks/target.js';
import { commandConfig, dataDirOption, parse, UsageError, withStore, type CliIo } from './command.js';

/** The guard the service would apply, with the operator's TABWRIGHT_ALLOW_HOSTS. */
const guardOf = (config: Config): AddressGuard => new AddressGuard(config.allowHosts);

/** Refuses, before anything is written, a URL the service would refuse. */
export async function checkWebhookUrl(config: Config, url: string): Promise<void> {
  const refusal = await webhookUrlRefusal(url, guardOf(config));
  if (refusal) throw new Error(`the webhook URL is refused: ${refusal}`);
}

/**
 * Sets `key`'s webhook and prints a new secret, if one was made, alone on a line of stdout. The
 * secret is sealed with the profile key the service uses; with a shared database that is
 * TABWRIGHT_PROFILE_KEY, which must then be given here too (a key file of this machine's own would
 * seal a secret no node can open).
 */
export async function applyKeyWebhook(config: Config, store: Store, key: ApiKeyRecord, change: KeyWebhookChange, io: CliIo): Promise<void> {
  if (config.databaseUrl !== null && config.profileKey === null) {
    throw new Error("TABWRIGHT_PROFILE_KEY must be set with DATABASE_URL: the webhook secret is sealed with the servers' profile key");
  }
  const deps = { store, guard: guardOf(config), sealingKey: secretSealingKey(profileKey(config)), now: Date.now() };
  const { webhook, secret } = await setKeyWebhook(deps, key, change);
  io.err(`key ${key.prefix}: webhook URL ${webhook.url ?? 'none (creates may name their own webhook_url)'}\n`);
  if (secret !== null) {
    io.err('its webhook signing secret is shown only this once; store it now\n');
    io.out(`${secret}\n`);
  }
}

/** The one live key matching a whole key or a prefix of at least MIN_REVOKE_PREFIX characters. */
async function liveKey(store: Store, input: string): Promise<ApiKeyRecord> {
  if (input.length > KEY_PREFIX_LENGTH) {
    const key = await store.findKeyByToken(input);
    if (!key) throw new Error(`no live key matches '${input.slice(0, KEY_PREFIX_LENGTH)}…'`);
    return key;
  }
  if (input.length < MIN_REVOKE_PREFIX) throw new Error(`a key prefix needs at least ${MIN_REVOKE_PREFIX} characters, got '${input}'`);
  const live = (await store.listKeys()).filter((key) => key.revokedAt === null && key.prefix.startsWith(input));
  if (live.length !== 1) throw new Error(live.length === 0 ? `no live key matches '${input}'` : `'${input}' matches ${live.length} keys; give more characters`);
  return live[0]!;
}

/** `keys webhook`: sets or clears the key's URL and rotates its secret. */
export function keyWebhookCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, { ...dataDirOption, url: { type: 'string' }, 'clear-url': { type: 'boolean' }, 'rotate-secret': { type: 'boolean' } }, 1);
  const [prefix] = positionals;
  if (prefix === undefined) throw new UsageError('keys webhook needs KEY_PREFIX');
  if (values.url !== undefined && values['clear-url']) throw new UsageError('give --url or --clear-url, not both');
  const rotate = values['rotate-secret'] ?? false;
  if (values.url === undefined && !values['clear-url'] && !rotate) throw new UsageError('keys webhook needs --url URL, --clear-url or --rotate-secret');
  const config = commandConfig(io, { dataDir: values['data-dir'] });
  const change: KeyWebhookChange = { url: values['clear-url'] ? null : values.url, rotate };
  return withStore(config, async (store) => {
    await applyKeyWebhook(config, store, await liveKey(store, prefix.trim()), change, io);
    return 0;
  });
}
