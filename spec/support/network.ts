import type { NetworkOptions } from '../../actors/driver.js';
import { AddressGuard, AllowList, type Resolver } from '../../lib/network/address.js';

/**
 * Names resolve only to this machine, and every other name fails at once: tests and benchmarks
 * never reach the internet, and a real lookup here would wait for a DNS time-out first.
 */
export const offlineResolver: Resolver = (host) =>
  host === 'localhost'
    ? Promise.resolve([{ address: '127.0.0.1', family: 4 }])
    : Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));

/**
 * The network path for tests and benchmarks: the guard as in production, except that the local
 * test sites on 127.0.0.1 are allowed (as an operator would with TABWRIGHT_ALLOW_HOSTS); no pools.
 * 127.0.0.2 stays refused: the guard tests use it as a canary.
 */
export const localNetwork = (): NetworkOptions => ({
  guard: new AddressGuard(AllowList.parse('127.0.0.1'), offlineResolver),
  pools: null,
});
