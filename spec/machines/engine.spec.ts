import { expect } from 'chai';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { EventObject } from 'xstate';
import { engineHealth, engineMachine, engineStatus, relaunchDelayMs, retryAfterSeconds, unavailableReason } from '../../machines/engine.js';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * An engine actor with fakes. `outcomes` scripts the launches in order ('ok' resolves a fresh
 * browser handle, 'fail' rejects, 'hang' never settles); past its end every launch succeeds.
 */
function harness(outcomes: Array<'ok' | 'fail' | 'hang'>, options: { maxRelaunchDelayMs?: number; closeFails?: boolean } = {}) {
  const clock = new SimulatedClock();
  const log: string[] = [];
  const attempts: number[] = [];
  const launchAborts: number[] = [];
  const closed: unknown[] = [];
  const watchers: Array<{ browser: unknown; lose: () => void; stopped: boolean }> = [];
  const downErrors: Array<string | undefined> = [];
  let launches = 0;

  const machine = engineMachine.provide({
    actors: {
      launch: fromPromise<unknown, { attempt: number }>(({ input, signal }) => {
        launches += 1;
        attempts.push(input.attempt);
        signal.addEventListener('abort', () => launchAborts.push(input.attempt));
        const outcome = outcomes[launches - 1] ?? 'ok';
        if (outcome === 'fail') return Promise.reject(new Error(`launch ${launches} failed`));
        if (outcome === 'hang') return new Promise<unknown>(() => {});
        return Promise.resolve({ browser: launches });
      }),
      watch: fromCallback<EventObject, { browser: unknown }>(({ input, sendBack }) => {
        const watcher = { browser: input.browser, lose: () => sendBack({ type: 'lost' }), stopped: false };
        watchers.push(watcher);
        return () => {
          watcher.stopped = true;
        };
      }),
      close: fromPromise<void, { browser: unknown }>(({ input }) => {
        closed.push(input.browser);
        log.push('close');
        return options.closeFails ? Promise.reject(new Error('already gone')) : Promise.resolve();
      }),
    },
    actions: {
      notifyUp: (_, params: { browser: unknown }) => log.push(`up ${JSON.stringify(params.browser)}`),
      notifyLost: () => log.push('lost'),
      notifyDown: (_, params: { error?: string }) => {
        log.push('down');
        downErrors.push(params.error);
      },
    },
  });
  const actor = createActor(machine, { input: { maxRelaunchDelayMs: options.maxRelaunchDelayMs }, clock });
  actor.start();
  return {
    actor,
    clock,
    log,
    attempts,
    launchAborts,
    closed,
    watchers,
    downErrors,
    status: () => engineStatus(actor.getSnapshot()),
    retryAfter: () => retryAfterSeconds(actor.getSnapshot()),
    health: () => engineHealth(actor.getSnapshot()),
    reason: () => unavailableReason(actor.getSnapshot()),
  };
}

describe('engineMachine', () => {
  it('launches, goes up with the browser handle and watches it', async () => {
    const h = harness(['ok']);
    expect(h.status()).to.equal('starting');
    await flush();
    expect(h.status()).to.equal('up');
    expect(h.actor.getSnapshot().hasTag('available')).to.equal(true);
    expect(h.actor.getSnapshot().context.browser).to.deep.equal({ browser: 1 });
    expect(h.attempts).to.deep.equal([1]);
    expect(h.log).to.deep.equal(['up {"browser":1}']);
    expect(h.watchers).to.have.length(1);
    expect(h.watchers[0]?.browser).to.deep.equal({ browser: 1 });
  });

  it('backs off after failed launches, doubling from 250 ms up to the cap, then resets on success', async () => {
    const h = harness(['fail', 'fail', 'fail', 'fail', 'fail', 'fail', 'fail', 'ok'], { maxRelaunchDelayMs: 5000 });
    const expected = [250, 500, 1000, 2000, 4000, 5000, 5000];
    for (const [index, delay] of expected.entries()) {
      await flush();
      expect(h.status(), `after failure ${index + 1}`).to.equal('down');
      expect(h.actor.getSnapshot().context.attempts).to.equal(index + 1);
      expect(h.actor.getSnapshot().hasTag('available')).to.equal(false);
      h.clock.increment(delay - 1);
      expect(h.status(), `${delay - 1} ms into a ${delay} ms wait`).to.equal('down');
      h.clock.increment(1);
      expect(h.status()).to.equal('starting');
    }
    await flush();
    expect(h.status()).to.equal('up');
    expect(h.actor.getSnapshot().context.attempts).to.equal(0);
    expect(h.attempts).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(h.downErrors).to.have.length(7);
    expect(h.downErrors[0]).to.equal('launch 1 failed');
  });

  it('defaults the cap to 5 s and never overflows on a long outage', () => {
    const h = harness(['hang']);
    expect(h.actor.getSnapshot().context.maxRelaunchDelayMs).to.equal(5000);
    expect(relaunchDelayMs(0, 5000)).to.equal(250);
    expect(relaunchDelayMs(1, 5000)).to.equal(250);
    expect(relaunchDelayMs(10_000, 5000)).to.equal(5000);
  });

  it('relaunches after losing the browser', async () => {
    const h = harness(['ok', 'ok']);
    await flush();
    h.watchers[0]?.lose();
    expect(h.status()).to.equal('down');
    expect(h.actor.getSnapshot().context.browser).to.equal(null);
    expect(h.watchers[0]?.stopped).to.equal(true);
    expect(h.log).to.deep.equal(['up {"browser":1}', 'lost', 'down']);
    expect(h.downErrors).to.deep.equal(['The browser disconnected']);
    h.clock.increment(250);
    expect(h.status()).to.equal('starting');
    await flush();
    expect(h.status()).to.equal('up');
    expect(h.actor.getSnapshot().context.browser).to.deep.equal({ browser: 2 });
    expect(h.watchers).to.have.length(2);
  });

  describe('shutdown', () => {
    it('from starting: stops the launch and closes nothing', async () => {
      const h = harness(['hang']);
      h.actor.send({ type: 'shutdown' });
      await flush();
      expect(h.launchAborts).to.deep.equal([1]);
      expect(h.closed).to.deep.equal([null]);
      expect(h.status()).to.equal('stopped');
      expect(h.actor.getSnapshot().status).to.equal('done');
    });

    it('from up: closes the browser', async () => {
      const h = harness(['ok']);
      await flush();
      h.actor.send({ type: 'shutdown' });
      expect(h.status()).to.equal('stopping');
      expect(h.watchers[0]?.stopped).to.equal(true);
      await flush();
      expect(h.closed).to.deep.equal([{ browser: 1 }]);
      expect(h.status()).to.equal('stopped');
    });

    it('from down: cancels the relaunch', async () => {
      const h = harness(['fail']);
      await flush();
      h.actor.send({ type: 'shutdown' });
      await flush();
      h.clock.increment(10_000);
      await flush();
      expect(h.attempts).to.deep.equal([1]);
      expect(h.closed).to.deep.equal([null]);
      expect(h.status()).to.equal('stopped');
    });

    it('reaches stopped even when close fails, and closes only once', async () => {
      const h = harness(['ok'], { closeFails: true });
      await flush();
      h.actor.send({ type: 'shutdown' });
      h.actor.send({ type: 'shutdown' });
      await flush();
      expect(h.status()).to.equal('stopped');
      expect(h.log.filter((line) => line === 'close')).to.have.length(1);
    });
  });

  describe('engineHealth', () => {
    it('is restarting while a launch is under way, down while waiting for the next, up once launched', async () => {
      const h = harness(['ok', 'fail', 'ok']);
      expect(h.health()).to.equal('restarting');
      await flush();
      expect(h.health()).to.equal('up');
      h.watchers[0]?.lose();
      expect(h.health()).to.equal('down');
      h.clock.increment(250);
      expect(h.health()).to.equal('restarting');
      await flush();
      expect(h.health()).to.equal('down');
      h.clock.increment(250);
      await flush();
      expect(h.health()).to.equal('up');
    });

    it('is down once shut down', async () => {
      const h = harness(['ok']);
      await flush();
      h.actor.send({ type: 'shutdown' });
      expect(h.health()).to.equal('down');
      await flush();
      expect(h.health()).to.equal('down');
    });
  });

  describe('unavailableReason', () => {
    it('tells a first start from a restart, a failed launch from a loss, and a shutdown', async () => {
      const h = harness(['ok', 'fail', 'hang']);
      expect(h.reason()).to.equal('The browser engine is starting');
      await flush();
      h.watchers[0]?.lose();
      expect(h.reason()).to.equal('The browser engine was lost and is about to restart');
      h.clock.increment(250);
      expect(h.reason()).to.equal('The browser engine is restarting');
      await flush();
      expect(h.reason()).to.equal('The browser engine could not be launched and will try again');
      h.clock.increment(250);
      expect(h.reason()).to.equal('The browser engine is restarting');
      h.actor.send({ type: 'shutdown' });
      expect(h.reason()).to.equal('The browser engine is shutting down');
    });
  });

  describe('retryAfterSeconds', () => {
    it('is 1 while starting and after a short wait', async () => {
      const h = harness(['fail', 'hang']);
      expect(h.retryAfter()).to.equal(1);
      await flush();
      expect(h.status()).to.equal('down');
      expect(h.retryAfter()).to.equal(1);
    });

    it('grows with the backoff, rounded up to whole seconds, and stays within the cap', async () => {
      const h = harness(['fail', 'fail', 'fail', 'fail', 'fail', 'fail', 'fail'], { maxRelaunchDelayMs: 3000 });
      const seen: number[] = [];
      for (let failure = 1; failure <= 6; failure += 1) {
        await flush();
        seen.push(h.retryAfter());
        h.clock.increment(relaunchDelayMs(failure, 3000));
      }
      // Waits 250, 500, 1000, 2000, 3000 (capped), 3000 ms.
      expect(seen).to.deep.equal([1, 1, 1, 2, 3, 3]);
      for (const value of seen) expect(Number.isInteger(value) && value >= 1).to.equal(true);
    });
  });
});
