import type { PlanName } from '../../lib/contract/plans.js';
import { Engine } from '../../actors/engine.js';
import type { Session } from '../../actors/session.js';
import { testChromium } from './chromium.js';
import { startService, type Service, type ServiceOptions } from './service.js';
import { TestSite, type Route } from './site.js';

/** What a suite against real Chromium works with; each property is valid inside its tests. */
export interface BrowserSuite {
  readonly engine: Engine;
  readonly site: TestSite;
  readonly service: Service;
  readonly auth: { Authorization: string };
  /** POST /v1/sessions with the suite's key. */
  readonly create: (body: object) => ReturnType<ReturnType<Service['http']['post']>['send']>;
  /** POST /v1/sessions/:id/act with the suite's key. */
  readonly act: (id: string, steps: unknown[]) => ReturnType<ReturnType<Service['http']['post']>['send']>;
}

const launched = async (): Promise<Engine> => {
  const engine = new Engine({ chromium: { executablePath: testChromium() } });
  await engine.start();
  return engine;
};

/**
 * The engine the browser suites of a run share: launching and closing one for each suite cost
 * about 1.5 s a suite. What isolates a test is the service it gets (its own store, data folder and
 * sessions, each session a browser context of its own, all closed when the test ends), as the
 * service isolates sessions in production, not the Chromium process. Launched by the first suite
 * that asks; a failed launch is tried again by the next one.
 */
let shared: Promise<Engine> | undefined;
export const sharedEngine = (): Promise<Engine> =>
  (shared ??= launched().catch((error: unknown) => {
    shared = undefined;
    throw error;
  }));
// A root hook (this module loads outside any describe): the shared engine closes once the whole run is over.
after(async () => {
  const engine = await shared?.catch(() => undefined);
  shared = undefined;
  await engine?.stop();
});

/** How a suite's engine is had: the run's shared one, or one of its own for a suite that kills or relaunches it. */
export type EngineChoice = 'shared' | 'own';

/**
 * Registers the mocha hooks every real-browser suite needs: the engine (shared by the run's
 * suites unless `engine` is 'own') and one local site for the suite, a fresh service (new data
 * folder) and a key on `plan` for each test. `settings` is asked for each test's service, so a
 * nested suite can configure a solver or an AI provider.
 */
export function browserSuite(
  routes: Record<string, Route>,
  plan: PlanName = 'pro',
  settings: () => Pick<ServiceOptions, 'solver' | 'ai' | 'gate' | 'memory' | 'maxTabs' | 'webhooks' | 'limits' | 'clock'> = () => ({}),
  engine: EngineChoice = 'shared',
): BrowserSuite {
  const state = {} as { engine: Engine; site: TestSite; service: Service; auth: { Authorization: string } };
  before(async () => {
    state.engine = engine === 'own' ? await launched() : await sharedEngine();
    state.site = await TestSite.start(routes);
  });
  after(async () => {
    if (engine === 'own') await state.engine.stop();
    await state.site.stop();
  });
  beforeEach(() => {
    state.service = startService({ engine: state.engine, ...settings() });
    state.auth = { Authorization: `Bearer ${state.service.key(plan)}` };
  });
  afterEach(() => state.service.stop());
  return {
    get engine() {
      return state.engine;
    },
    get site() {
      return state.site;
    },
    get service() {
      return state.service;
    },
    get auth() {
      return state.auth;
    },
    create: (body) => state.service.http.post('/v1/sessions').set(state.auth).send(body),
    act: (id, steps) => state.service.http.post(`/v1/sessions/${id}/act`).set(state.auth).send({ steps }),
  };
}

/** Resolves once `session`'s machine is in `state` (a dotted path such as `active.running`). */
export function untilState(session: Session, state: string): Promise<void> {
  return new Promise((resolve) => {
    let reached = false;
    let stop: (() => void) | undefined = undefined;
    // onState calls back at once with the state it is in, before it has handed `stop` over.
    stop = session.onState((now) => {
      if (now !== state || reached) return;
      reached = true;
      stop?.();
      resolve();
    });
    if (reached) stop();
  });
}
