// One contender in the concurrent-claim test: opens its own connection, waits at the barrier, claims.
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteStore } from '../../../../lib/platform/store/sqlite/index.js';

const { dir, keyId, barrier } = workerData as { dir: string; keyId: string; barrier: SharedArrayBuffer };
const store = openSqliteStore(dir);
parentPort!.postMessage('ready');
Atomics.wait(new Int32Array(barrier), 0, 0);
const { state } = store.sync.beginIdempotent({ keyId, scope: '', idemKey: 'same-key', bodyHash: 'same-body', now: Date.now() });
void store.close();
parentPort!.postMessage(state);
