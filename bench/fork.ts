// npm run bench:fork (issue 31): POST /v1/sessions/{id}/fork of a signed-in, scrolled session, 1
// and 5 copies, against a create with the same URL and raw Playwright's floor in the same run; then
// profiles of about 1 MB and 10 MB: what loading one adds to a create and saving one to a DELETE,
// end to end and in parts (the vault's decrypt and seal, Playwright's setStorageState and storageState).
import type { Browser } from 'playwright';
import { TestSite } from '../spec/support/site.js';
import type { StorageState } from '../lib/browser/state/storage.js';
import { readForkPoint } from '../lib/browser/state/fork.js';
import { writeStartingState } from '../lib/browser/state/restore.js';
import { hooksScript, topProgramScript } from '../lib/browser/program.js';
import { seal } from '../lib/platform/profiles/seal.js';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { fillPage, signedInPage } from './fork-pages.js';
import { refilled, startBenchService, type BenchService } from './service.js';
import { loadAverage, percentile, row, sampleParts, sampleTogether, timed } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const WARMUP = 3;
/** Rounds of the profile measurements, per size (a 10 MB round takes seconds). */
const PROFILE_RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 15);
const PROFILE_WARMUP = 2;
/** Rounds of the warm-pool pass (0 skips it). */
const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 15);
/** The vault's bound here, above the default 10 MiB so that the 10 MB profile is saved. */
const PROFILE_BOUND_MIB = 12;
/** The fork target of issue 31: a fork of one at most this times a create with the same URL. */
const FORK_TARGET = 1.2;

const p50 = (values: number[] | undefined): number => percentile(values ?? [], 50);
const ratioLine = (name: string, value: number, target?: number): string =>
  `${name.padEnd(52)} ${value.toFixed(2)}x${target === undefined ? '' : `   (target ≤ ${target}x: ${value <= target ? 'met' : 'NOT met'})`}`;

/** A row of the difference of two p50s. */
const difference = (name: string, a: number[] | undefined, b: number[] | undefined): string => `${name.padEnd(44)} p50 ${(p50(a) - p50(b)).toFixed(1).padStart(7)} ms`;

interface Envelope {
  session_id: string;
  error: unknown;
  page: { url: string; scroll: { y: number } } | null;
}

async function call(service: BenchService, method: string, path: string, body?: object): Promise<Response> {
  return fetch(`${service.base}${path}`, { method, headers: service.headers, body: body && JSON.stringify(body) });
}

async function created(service: BenchService, body: object): Promise<Envelope> {
  const res = await call(service, 'POST', '/v1/sessions', body);
  const answer = (await res.json()) as Envelope;
  if (res.status !== 201 || answer.error) throw new Error(`create answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

async function forked(service: BenchService, id: string, count: number): Promise<Envelope[]> {
  const res = await call(service, 'POST', `/v1/sessions/${id}/fork`, { count });
  const answer = (await res.json()) as { sessions: Envelope[] };
  if (res.status !== 201 || answer.sessions.some((copy) => copy.error)) throw new Error(`fork answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer.sessions;
}

const deleted = async (service: BenchService, ids: string[]): Promise<void> => {
  await Promise.all(ids.map((id) => call(service, 'DELETE', `/v1/sessions/${id}`)));
};

/** A create with `body`, deleted outside the timing. */
const createOnce = (service: BenchService, body: object, after?: () => Promise<void>) => async () => {
  const { session_id } = await created(service, body);
  return async () => {
    await deleted(service, [session_id]);
    await after?.();
  };
};

/** A fork of `count` copies of `source`, deleted outside the timing. */
const forkOnce = (service: BenchService, source: string, count: number, after?: () => Promise<void>) => async () => {
  const copies = await forked(service, source, count);
  return async () => {
    await deleted(service, copies.map((copy) => copy.session_id));
    await after?.();
  };
};

/** Raw Playwright on the service's own browser: a context (with `storageState`, if given), a page, goto `url`; closed outside the timing. */
const rawGoto = (browser: Browser, url: string, storageState?: StorageState) => async () => {
  const context = await browser.newContext(storageState ? { storageState } : {});
  const page = await context.newPage();
  await page.goto(url);
  return () => context.close();
};

const site = await TestSite.start({ '/': signedInPage });
const url = site.url('/');
console.log(`bench:fork — ${RUNS} runs each after ${WARMUP} warm-up, taken in turn; load average at the start ${loadAverage()}`);

// 1. Fork against create, warm pool off: every create and every copy builds its context on the request's path.
const service = await startBenchService({ profileMaxBytes: PROFILE_BOUND_MIB * 2 ** 20 });
const browser = service.engine.browser();
console.log(`Chromium ${browser.version()}; warm pool off (TABWRIGHT_WARM_SESSIONS=0)`);
const source = await created(service, { url, timeout: 1800, steps: [{ wait: { text: 'Stored' } }, { scroll: { direction: 'down', amount: 1500 } }] });
// The page the copies open at, and the state raw Playwright starts from: what the same page left in a context of its own.
const check = await forked(service, source.session_id, 1);
if (Math.abs((check[0]!.page?.scroll.y ?? 0) - (source.page?.scroll.y ?? 0)) > 5) throw new Error(`a copy opened at ${check[0]!.page?.scroll.y} px, its source is at ${source.page?.scroll.y} px`);
await deleted(service, check.map((copy) => copy.session_id));
const sourceState = await (async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await page.getByText('Stored').waitFor();
  const state = await context.storageState({ indexedDB: true });
  await context.close();
  return state;
})();
console.log(`source: ${url} scrolled to ${source.page?.scroll.y} px; its state ${Buffer.byteLength(JSON.stringify(sourceState))} bytes of JSON (${sourceState.cookies.length} cookie, ${sourceState.origins.length} origin), and a sessionStorage entry`);

const [create, fork1, fork5, raw, rawState] = await sampleTogether(
  RUNS,
  WARMUP,
  [createOnce(service, { url }), forkOnce(service, source.session_id, 1), forkOnce(service, source.session_id, 5), rawGoto(browser, url), rawGoto(browser, url, sourceState)],
  { rotate: true },
);
console.log(row('POST /v1/sessions {url}', create!));
console.log(row('POST .../fork {count: 1}', fork1!));
console.log(row('POST .../fork {count: 5}', fork5!));
console.log(row('POST .../fork {count: 5}, per copy', fork5!.map((ms) => ms / 5)));
console.log(row('raw newContext+newPage+goto', raw!));
console.log(row('raw newContext({storageState})+newPage+goto', rawState!));
console.log(ratioLine('fork of 1 / create with the same URL (p50)', p50(fork1) / p50(create), FORK_TARGET));
console.log(ratioLine('fork of 5 / create with the same URL (p50)', p50(fork5) / p50(create)));
console.log(ratioLine('fork of 5, per copy / create (p50)', p50(fork5) / 5 / p50(create)));
console.log(ratioLine('fork of 1 / raw storageState+goto (p50)', p50(fork1) / p50(rawState)));
console.log(ratioLine('create / raw goto (p50)', p50(create) / p50(raw)));

// What a copy does that a create does not, each part apart on raw contexts carrying the program as
// a session's do: the source's point read once per fork, then per copy its storage written
// (Playwright's setStorageState) and its tab's sessionStorage seeded, before the copy's goto.
const programContext = async () => {
  const context = await browser.newContext();
  await context.addInitScript({ content: hooksScript() });
  await context.addInitScript({ content: topProgramScript() });
  return { context, page: await context.newPage() };
};
const raws = await programContext();
await raws.page.goto(url);
await raws.page.getByText('Stored').waitFor();
await raws.page.mouse.wheel(0, 1500);
const point = await readForkPoint(raws.page);
if (!point) throw new Error('the raw source did not answer');
const onFresh = async (part: (fresh: Awaited<ReturnType<typeof programContext>>) => Promise<unknown>): Promise<number> => {
  const fresh = await programContext();
  const took = await timed(() => part(fresh));
  await fresh.context.close();
  return took;
};
const [readPoint, writeState, writeStart] = await sampleParts(RUNS, WARMUP, [
  () => timed(() => readForkPoint(raws.page)),
  () => onFresh(({ context }) => context.setStorageState(point.storage)),
  () => onFresh(({ context, page }) => writeStartingState(context, page, { storage: point.storage, url: point.url, sessionEntries: point.sessionEntries })),
]);
await raws.context.close();
console.log('a copy\'s parts apart, on raw contexts with the program:');
console.log(row('  part: read the fork point (source, once)', readPoint!));
console.log(row('  Playwright setStorageState alone (a page of its own)', writeState!));
console.log(row('  part: write its starting state (what a copy does)', writeStart!));
console.log(`load average ${loadAverage()}`);

// 2. Profiles of about 1 MB and 10 MB: localStorage and IndexedDB (4:1) over a few origins, each a local site of its own port.
interface ProfileCase {
  name: string;
  origins: number;
  /** Characters per origin. */
  chars: number;
}
const cases: ProfileCase[] = [
  { name: 'bench-1mb', origins: 4, chars: 250_000 },
  { name: 'bench-10mb', origins: 5, chars: 2_000_000 },
];
const fillSites = await Promise.all(Array.from({ length: Math.max(...cases.map((c) => c.origins)) }, () => TestSite.start({ '/fill': fillPage })));
const sealKey = randomBytes(32);
console.log(`\nprofiles: ${PROFILE_RUNS} runs each after ${PROFILE_WARMUP} warm-up, taken in turn; the vault's bound ${PROFILE_BOUND_MIB} MiB; load average ${loadAverage()}`);

for (const { name, origins, chars } of cases) {
  // Made once through the API: a persisting session fills each origin, and its DELETE saves the profile.
  const ls = Math.round(chars * 0.8);
  const idb = chars - ls;
  const steps = fillSites.slice(0, origins).flatMap((fill) => [{ goto: { url: fill.url(`/fill?ls=${ls}&idb=${idb}`) } }, { wait: { text: 'Filled' } }]);
  const maker = await created(service, { profile: { name, persist: true }, page: 'light', steps });
  await deleted(service, [maker.session_id]);
  const summary = async (): Promise<{ bytes: number; sealed: number }> => {
    const res = await call(service, 'GET', `/v1/profiles/${name}`);
    const { bytes } = (await res.json()) as { bytes: number };
    const record = await service.store.readProfile(service.accountId, name);
    return { bytes, sealed: record?.sealed?.length ?? 0 };
  };
  const before = await summary();
  if (before.bytes === 0) throw new Error(`profile ${name} was not saved`);
  const state = (await service.profiles.load(service.accountId, name))!;
  const plaintext = Buffer.from(JSON.stringify(state));

  const persistDelete = async (persist: boolean): Promise<number> => {
    const { session_id } = await created(service, { profile: { name, persist } });
    return timed(() => deleted(service, [session_id]));
  };
  const createTimed = async (body: object): Promise<number> => {
    let id = '';
    const took = await timed(async () => (id = (await created(service, body)).session_id));
    await deleted(service, [id]);
    return took;
  };
  const withContext = async (part: (context: Awaited<ReturnType<Browser['newContext']>>) => Promise<unknown>, storageState?: StorageState): Promise<number> => {
    const context = await browser.newContext(storageState ? { storageState } : {});
    // A session's context has its page open when its state is written or read.
    await context.newPage();
    const took = await timed(() => part(context));
    await context.close();
    return took;
  };
  const [savePersist, saveReadOnly, browserRead, vaultSave, sealOnly, gzipOnly, loadWith, loadWithout, vaultLoad, setState] = await sampleParts(PROFILE_RUNS, PROFILE_WARMUP, [
    () => persistDelete(true),
    () => persistDelete(false),
    () => withContext((context) => context.storageState({ indexedDB: true }), state),
    () => timed(() => service.profiles.save({ accountId: service.accountId, name: `${name}-direct`, sessionId: 'bench', state, now: Date.now() })),
    () => timed(() => seal(sealKey, { accountId: service.accountId, name }, Buffer.from(JSON.stringify(state)))),
    () => timed(() => gzipSync(plaintext)),
    () => createTimed({ profile: { name } }),
    () => createTimed({}),
    () => timed(() => service.profiles.load(service.accountId, name)),
    () => withContext((context) => context.setStorageState(state)),
  ]);
  const after = await summary();
  console.log(
    `\nprofile ${name}: ${before.bytes} bytes of plaintext JSON (${plaintext.length} as loaded), ${before.sealed} sealed; ${state.origins.length} origins, ` +
      `cookies ${state.cookies.length}; after the runs ${after.bytes} bytes`,
  );
  console.log(row('save: DELETE, persist: true', savePersist!));
  console.log(row('      DELETE, persist: false (same profile)', saveReadOnly!));
  console.log(difference('      difference: the save', savePersist, saveReadOnly));
  console.log(row('  part: storageState({indexedDB: true})', browserRead!));
  console.log(row('  part: vault.save (JSON, seal, SQLite)', vaultSave!));
  console.log(row('        of it seal (JSON, gzip, AES-GCM)', sealOnly!));
  console.log(row('        of that gzipSync alone', gzipOnly!));
  console.log(row('load: POST /v1/sessions {profile: {name}}', loadWith!));
  console.log(row('      POST /v1/sessions {}', loadWithout!));
  console.log(difference('      difference: the load', loadWith, loadWithout));
  console.log(row('  part: vault.load (SQLite, open, parse)', vaultLoad!));
  console.log(row('  part: setStorageState (a page open)', setState!));
  console.log(`load average ${loadAverage()}`);
}
await Promise.all(fillSites.map((fill) => fill.stop()));
await deleted(service, [source.session_id]);
await service.stop();

// 3. With a warm pool of 1: a create with a URL takes the ready page, and so does a fork of one
// with default settings (its storage is written into the ready context). Refilled between runs.
if (WARM_RUNS > 0) {
  const warm = await startBenchService({ warmSessions: 1 });
  await refilled(warm, 1);
  const warmSource = await created(warm, { url, timeout: 1800, steps: [{ wait: { text: 'Stored' } }, { scroll: { direction: 'down', amount: 1500 } }] });
  await refilled(warm, 1);
  console.log(`\nwarm pool of 1 (TABWRIGHT_WARM_SESSIONS=1), refilled before each run: ${WARM_RUNS} runs each after ${WARMUP} warm-up; load average ${loadAverage()}`);
  const [warmCreate, warmFork] = await sampleTogether(
    WARM_RUNS,
    WARMUP,
    [createOnce(warm, { url }, () => refilled(warm, 1)), forkOnce(warm, warmSource.session_id, 1, () => refilled(warm, 1))],
    { rotate: true },
  );
  console.log(row('POST /v1/sessions {url}, warm', warmCreate!));
  console.log(row('POST .../fork {count: 1}, warm', warmFork!));
  console.log(ratioLine('fork of 1 / create, both warm (p50)', p50(warmFork) / p50(warmCreate), FORK_TARGET));
  const { hit = 0, miss = 0 } = Object.fromEntries((await warm.telemetry.metrics.warmTakes.get()).values.map(({ labels, value }) => [String(labels.result), value]));
  console.log(`pool takes: ${hit} hits, ${miss} misses`);
  await deleted(warm, [warmSource.session_id]);
  await warm.stop();
}
await site.stop();
console.log(`load average at the end ${loadAverage()}`);
