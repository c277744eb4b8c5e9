// One contender in the SQLite races across threads: opens its own connection to the file, waits at
// the barrier, then makes its calls at once with the others and reports what the store answered.
import { parentPort, workerData } from 'node:worker_threads';
import { newSessionId } from '../../../../lib/platform/ids.js';
import { openSqliteStore } from '../../../../lib/platform/store/sqlite/index.js';

const { dir, op, keyId, accountId, calls, limit, now, barrier } = workerData as {
  dir: string;
  op: 'admit' | 'rate' | 'hold';
  keyId: string;
  accountId: string;
  calls: number;
  limit: number;
  now: number;
  barrier: SharedArrayBuffer;
};
const store = openSqliteStore(dir);
// Holds need live sessions, made before the race.
const holders = op === 'hold' ? Array.from({ length: calls }, () => store.sync.insertSession({ id: newSessionId(), keyId, accountId, test: false, startedAt: now, expiresAt: now + 300_000, timeoutSeconds: 300 }).id) : [];
parentPort!.postMessage('ready');
Atomics.wait(new Int32Array(barrier), 0, 0);
const allowed: boolean[] = [];
for (let i = 0; i < calls; i++) {
  if (op === 'admit') {
    const row = { id: newSessionId(), keyId, accountId, test: false, startedAt: now, expiresAt: now + 300_000, timeoutSeconds: 300 };
    allowed.push((await store.admitSession({ rows: [row], limit, now })).admitted);
  } else if (op === 'hold') {
    allowed.push((await store.holdProfile({ accountId, name: 'p', sessionId: holders[i]!, now })).held);
  } else {
    allowed.push((await store.takeRate({ keyId, limit, now })).allowed);
  }
}
await store.close();
parentPort!.postMessage(allowed.filter(Boolean).length);
