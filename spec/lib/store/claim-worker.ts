// One contender in the concurrent-claim test: opens its own connection, waits at the barrier, claims.
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../../../lib/store/index.js';

const { dir, keyId, barrier } = workerData as { dir: string; keyId: string; barrier: SharedArrayBuffer };
const store = openStore(dir);
parentPort!.postMessage('ready');
Atomics.wait(new Int32Array(barrier), 0, 0);
const { state } = store.beginIdempotent({ keyId, idemKey: 'same-key', bodyHash: 'same-body', now: Date.now() });
store.close();
parentPort!.postMessage(state);
