import type { NetworkOptions } from '../../actors/driver.js';
import { AddressGuard, AllowList } from '../../lib/net/address.js';

/**
 * The network path for tests and benchmarks: the guard as in production, except that the local
 * test sites on 127.0.0.1 are allowed (as an operator would with TABWRIGHT_ALLOW_HOSTS); no pools.
 * 127.0.0.2 stays refused: the guard tests use it as a canary.
 */
export const localNetwork = (): NetworkOptions => ({ guard: new AddressGuard(AllowList.parse('127.0.0.1')), pools: null });
