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

/**
 * Registers the mocha hooks every real-browser suite needs: one engine and one local site for the
 * suite, a fresh service (new data folder) and a key on `plan` for each test. `settings` is asked
 * for each test's service, so a nested suite can configure a solver or an AI provider.
 */
export function browserSuite(
  routes: Record<string, Route>,
  plan: PlanName = 'pro',
  settings: () => Pick<ServiceOptions, 'solver' | 'ai' | 'gate' | 'memory' | 'maxTabs' | 'webhooks' | 'navigationLimitMs' | 'clock'> = () => ({}),
): BrowserSuite {
  const state = {} as { engine: Engine; site: TestSite; service: Service; auth: { Authorization: string } };
  before(async () => {
    state.engine = new Engine({ chromium: { executablePath: testChromium() } });
    await state.engine.start();
    state.site = await TestSite.start(routes);
  });
  after(async () => {
    await state.engine.stop();
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
