import { expect } from 'chai';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { sessionMachine, sessionStatus } from '../../machines/session.js';
import { statePath } from '../../lib/platform/journal/transitions.js';
import type { ActOutput, ActReply, Outcome, QueuedAct, ReplyParams } from '../../machines/session.js';

const TIMEOUT_MS = 60_000;

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets settled fake promises reach the actor. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A session actor with fakes: each runAct waits until the test calls `finish`/`fail`;
 * finalize resolves at once unless `holdFinalize` is set.
 */
function harness(options: { holdFinalize?: boolean } = {}) {
  const clock = new SimulatedClock();
  const log: string[] = [];
  const replies: ReplyParams[] = [];
  const runs = new Map<string, Deferred<ActOutput>>();
  const aborted: string[] = [];
  const finalizeCalls: Outcome[] = [];
  const finalizeGate = deferred<void>();
  let inFlight = 0;
  let maxInFlight = 0;
  let statusAtFinalize: string | undefined;

  const machine = sessionMachine.provide({
    actors: {
      runAct: fromPromise<ActOutput, { act: QueuedAct }>(({ input, signal }) => {
        const run = deferred<ActOutput>();
        runs.set(input.act.id, run);
        log.push(`run ${input.act.id}`);
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        signal.addEventListener('abort', () => {
          aborted.push(input.act.id);
          run.reject(new Error('aborted'));
        });
        return run.promise.finally(() => {
          inFlight -= 1;
        });
      }),
      finalize: fromPromise<void, { outcome: Outcome }>(({ input }) => {
        finalizeCalls.push(input.outcome);
        log.push('finalize');
        statusAtFinalize = sessionStatus(actor.getSnapshot());
        return options.holdFinalize ? finalizeGate.promise : Promise.resolve();
      }),
    },
    actions: {
      replyAct: (_, params: ReplyParams) => {
        replies.push(params);
        log.push(`reply ${params.actId}`);
      },
    },
  });
  const actor = createActor(machine, { input: { sessionId: 'ses_1', timeoutMs: TIMEOUT_MS }, clock });
  actor.subscribe((snapshot) => {
    if (snapshot.status === 'done') log.push(`final ${sessionStatus(snapshot)}`);
  });
  actor.start();

  return {
    actor,
    clock,
    log,
    replies,
    aborted,
    finalizeCalls,
    finalizeGate,
    get maxInFlight() {
      return maxInFlight;
    },
    get statusAtFinalize() {
      return statusAtFinalize;
    },
    status: () => sessionStatus(actor.getSnapshot()),
    state: () => statePath(actor.getSnapshot().value),
    act: (id: string) => actor.send({ type: 'act', act: { id, steps: [{ observe: {} }] } }),
    finish: async (id: string, output: ActOutput) => {
      runs.get(id)?.resolve(output);
      await flush();
    },
    fail: async (id: string, error: unknown) => {
      runs.get(id)?.reject(error);
      await flush();
    },
    replyTo: (id: string): ActReply | undefined => replies.find((reply) => reply.actId === id)?.reply,
  };
}

type Harness = ReturnType<typeof harness>;

/** Every path out of active ends the same way: one finalize, while ending, before the final state. */
function expectEndedOnce(h: Harness, status: 'closed' | 'expired' | 'failed') {
  expect(h.status()).to.equal(status);
  expect(h.actor.getSnapshot().status).to.equal('done');
  expect(h.finalizeCalls).to.have.length(1);
  expect(h.finalizeCalls[0]?.status).to.equal(status);
  expect(h.statusAtFinalize).to.equal('ending');
  expect(h.log.indexOf('finalize')).to.be.lessThan(h.log.indexOf(`final ${status}`));
}

describe('sessionMachine', () => {
  describe('active', () => {
    it('starts idle and active, with no act and nothing finalized', () => {
      const h = harness();
      expect(h.actor.getSnapshot().value).to.deep.equal({ active: 'idle' });
      expect(h.status()).to.equal('active');
      expect(h.actor.getSnapshot().hasTag('active')).to.equal(true);
      expect(h.actor.getSnapshot().context.sessionId).to.equal('ses_1');
      expect(h.finalizeCalls).to.have.length(0);
    });

    it('runs an act and goes back to idle with its result', async () => {
      const h = harness();
      h.act('a');
      expect(h.actor.getSnapshot().value).to.deep.equal({ active: 'running' });
      expect(h.actor.getSnapshot().hasTag('running')).to.equal(true);
      expect(h.status()).to.equal('active');
      await h.finish('a', { result: 'A' });
      expect(h.actor.getSnapshot().value).to.deep.equal({ active: 'idle' });
      expect(h.replies).to.deep.equal([{ actId: 'a', reply: { kind: 'result', result: 'A' } }]);
    });

    it('queues acts sent while one runs and runs them one at a time in arrival order', async () => {
      const h = harness();
      h.act('a');
      h.act('b');
      h.act('c');
      h.act('d');
      expect(h.actor.getSnapshot().context.queue.map((act) => act.id)).to.deep.equal(['b', 'c', 'd']);
      for (const id of ['a', 'b', 'c', 'd']) {
        expect(h.log.at(-1)).to.equal(`run ${id}`);
        await h.finish(id, { result: id.toUpperCase() });
      }
      expect(h.log.filter((line) => line.startsWith('run '))).to.deep.equal(['run a', 'run b', 'run c', 'run d']);
      expect(h.replies.map((reply) => reply.actId)).to.deep.equal(['a', 'b', 'c', 'd']);
      expect(h.replyTo('c')).to.deep.equal({ kind: 'result', result: 'C' });
      expect(h.maxInFlight).to.equal(1);
      expect(h.actor.getSnapshot().value).to.deep.equal({ active: 'idle' });
    });

    it('keeps the timer running across acts: it counts from creation, not from the last act', async () => {
      const h = harness();
      h.clock.increment(TIMEOUT_MS - 10);
      h.act('a');
      await h.finish('a', { result: 'A' });
      h.clock.increment(10);
      await flush();
      expectEndedOnce(h, 'expired');
    });
  });

  describe('endings', () => {
    it('expires when the timeout elapses while idle', async () => {
      const h = harness();
      h.clock.increment(TIMEOUT_MS - 1);
      expect(h.status()).to.equal('active');
      h.clock.increment(1);
      await flush();
      expectEndedOnce(h, 'expired');
      expect(h.finalizeCalls[0]).to.deep.equal({ status: 'expired' });
      expect(h.replies).to.deep.equal([]);
    });

    it('expires mid-act: aborts the run and answers the in-flight and queued acts with the outcome', async () => {
      const h = harness();
      h.act('a');
      h.act('b');
      h.act('c');
      h.clock.increment(TIMEOUT_MS);
      await flush();
      expect(h.aborted).to.deep.equal(['a']);
      expectEndedOnce(h, 'expired');
      const ended = { kind: 'ended', outcome: { status: 'expired' } };
      expect(h.replies).to.deep.equal([
        { actId: 'a', reply: ended },
        { actId: 'b', reply: ended },
        { actId: 'c', reply: ended },
      ]);
      expect(h.log.filter((line) => line.startsWith('run '))).to.deep.equal(['run a']);
    });

    it('closes on delete, stopping a running act', async () => {
      const h = harness();
      h.act('a');
      h.actor.send({ type: 'delete' });
      await flush();
      expect(h.aborted).to.deep.equal(['a']);
      expectEndedOnce(h, 'closed');
      expect(h.replyTo('a')).to.deep.equal({ kind: 'ended', outcome: { status: 'closed' } });
    });

    it('closes after a run asking to close, answering that act with its result and the queue with the outcome', async () => {
      const h = harness();
      h.act('a');
      h.act('b');
      await h.finish('a', { result: 'A', close: true });
      expectEndedOnce(h, 'closed');
      expect(h.replyTo('a')).to.deep.equal({ kind: 'result', result: 'A' });
      expect(h.replyTo('b')).to.deep.equal({ kind: 'ended', outcome: { status: 'closed' } });
      expect(h.log.filter((line) => line.startsWith('run '))).to.deep.equal(['run a']);
    });

    it('fails on a fatal step error, still giving the failing act its result', async () => {
      const h = harness();
      h.act('a');
      await h.finish('a', { result: 'A', fatal: { code: 'access_denied', message: 'HTTP 403' } });
      expectEndedOnce(h, 'failed');
      const outcome = { status: 'failed', code: 'access_denied', message: 'HTTP 403' };
      expect(h.finalizeCalls[0]).to.deep.equal(outcome);
      expect(h.actor.getSnapshot().context.outcome).to.deep.equal(outcome);
      expect(h.replyTo('a')).to.deep.equal({ kind: 'result', result: 'A' });
    });

    it('fails with internal_error when runAct throws', async () => {
      const h = harness();
      h.act('a');
      await h.fail('a', new Error('page crashed'));
      expectEndedOnce(h, 'failed');
      const outcome = { status: 'failed', code: 'internal_error', message: 'page crashed' };
      expect(h.finalizeCalls[0]).to.deep.equal(outcome);
      expect(h.replyTo('a')).to.deep.equal({ kind: 'ended', outcome });
    });

    it('fails at once with the page\'s code when its page is lost while idle', async () => {
      const h = harness();
      h.actor.send({ type: 'page.failed', code: 'page_crashed', message: 'The page crashed' });
      await flush();
      expectEndedOnce(h, 'failed');
      expect(h.finalizeCalls[0]).to.deep.equal({ status: 'failed', code: 'page_crashed', message: 'The page crashed' });
    });

    it('lets the act under way answer when its page is lost, then fails, answering the queue with the outcome', async () => {
      const h = harness();
      h.act('a');
      h.act('b');
      h.actor.send({ type: 'page.failed', code: 'page_crashed', message: 'The page crashed' });
      await flush();
      expect(h.aborted).to.deep.equal([]);
      expect(h.status()).to.equal('active');
      // The runner missed it (the crash came after its last look): the session ends all the same.
      await h.finish('a', { result: 'A' });
      expectEndedOnce(h, 'failed');
      const outcome = { status: 'failed', code: 'page_crashed', message: 'The page crashed' };
      expect(h.finalizeCalls[0]).to.deep.equal(outcome);
      expect(h.replyTo('a')).to.deep.equal({ kind: 'result', result: 'A' });
      expect(h.replyTo('b')).to.deep.equal({ kind: 'ended', outcome });
      expect(h.log.filter((line) => line.startsWith('run '))).to.deep.equal(['run a']);
    });

    const engineEndings = [
      { event: 'engine.lost', message: 'The browser engine failed' },
      { event: 'shutdown', message: 'The server shut down' },
    ] as const;
    for (const { event, message } of engineEndings) {
      it(`fails with engine_failure on ${event}, while idle or running`, async () => {
        const outcome = { status: 'failed', code: 'engine_failure', message };
        const idle = harness();
        idle.actor.send({ type: event });
        await flush();
        expectEndedOnce(idle, 'failed');
        expect(idle.finalizeCalls[0]).to.deep.equal(outcome);

        const running = harness();
        running.act('a');
        running.actor.send({ type: event });
        await flush();
        expect(running.aborted).to.deep.equal(['a']);
        expectEndedOnce(running, 'failed');
        expect(running.replyTo('a')).to.deep.equal({ kind: 'ended', outcome });
      });
    }
  });

  describe('ending', () => {
    it('answers acts at once, ignores further endings, and waits for finalize before the final state', async () => {
      const h = harness({ holdFinalize: true });
      h.act('a');
      h.actor.send({ type: 'delete' });
      await flush();
      expect(h.status()).to.equal('ending');
      expect(h.actor.getSnapshot().hasTag('ending')).to.equal(true);
      expect(h.actor.getSnapshot().hasTag('active')).to.equal(false);

      h.act('late');
      expect(h.replyTo('late')).to.deep.equal({ kind: 'ended', outcome: { status: 'closed' } });
      h.actor.send({ type: 'shutdown' });
      h.actor.send({ type: 'engine.lost' });
      h.actor.send({ type: 'delete' });
      h.clock.increment(TIMEOUT_MS * 2);
      await flush();
      expect(h.status()).to.equal('ending');
      expect(h.finalizeCalls).to.have.length(1);
      // The interrupted act is answered only once finalize has settled.
      expect(h.replyTo('a')).to.equal(undefined);

      h.finalizeGate.resolve();
      await flush();
      expectEndedOnce(h, 'closed');
      expect(h.replyTo('a')).to.deep.equal({ kind: 'ended', outcome: { status: 'closed' } });
      expect(h.log.indexOf('reply a')).to.be.lessThan(h.log.indexOf('final closed'));
    });

    it('reaches the final state of its outcome even when finalize fails', async () => {
      for (const [trigger, status] of [
        ['delete', 'closed'],
        ['timeout', 'expired'],
        ['shutdown', 'failed'],
      ] as const) {
        const h = harness({ holdFinalize: true });
        h.act('a');
        h.act('b');
        if (trigger === 'timeout') h.clock.increment(TIMEOUT_MS);
        else h.actor.send({ type: trigger });
        h.finalizeGate.reject(new Error('disk full'));
        await flush();
        expectEndedOnce(h, status);
        expect(h.replies.map((reply) => reply.actId)).to.deep.equal(['a', 'b']);
        expect(h.replyTo('b')).to.have.property('kind', 'ended');
      }
    });

    it('ignores every event once final', async () => {
      const h = harness();
      h.actor.send({ type: 'delete' });
      await flush();
      h.act('after');
      h.actor.send({ type: 'shutdown' });
      await flush();
      expectEndedOnce(h, 'closed');
      expect(h.replies).to.deep.equal([]);
    });
  });
  describe('active.human', () => {
    it('takes over at once from idle, tagged human and still active', () => {
      const h = harness();
      h.actor.send({ type: 'takeover' });
      expect(h.state()).to.equal('active.human');
      expect(h.actor.getSnapshot().hasTag('human')).to.equal(true);
      expect(h.status()).to.equal('active');
      h.actor.send({ type: 'handback' });
      expect(h.state()).to.equal('active.idle');
    });

    it('takes over from running only once the act under way has answered, instead of the next queued act', async () => {
      const h = harness();
      h.act('a');
      h.act('b');
      h.actor.send({ type: 'takeover' });
      expect(h.state()).to.equal('active.running');
      expect(h.aborted).to.deep.equal([]);
      await h.finish('a', { result: 'A' });
      expect(h.state()).to.equal('active.human');
      expect(h.replyTo('a')).to.deep.equal({ kind: 'result', result: 'A' });
      expect(h.log.filter((line) => line.startsWith('run '))).to.deep.equal(['run a']);
      expect(h.actor.getSnapshot().context.queue.map((act) => act.id)).to.deep.equal(['b']);
    });

    it('withdraws a takeover still waiting for its act when handed back first', async () => {
      const h = harness();
      h.act('a');
      h.actor.send({ type: 'takeover' });
      h.actor.send({ type: 'handback' });
      await h.finish('a', { result: 'A' });
      expect(h.state()).to.equal('active.idle');
    });

    it('queues acts while human and runs them in arrival order after handback, then goes idle', async () => {
      const h = harness();
      h.actor.send({ type: 'takeover' });
      h.act('a');
      h.act('b');
      await flush();
      expect(h.log.filter((line) => line.startsWith('run '))).to.deep.equal([]);
      expect(h.state()).to.equal('active.human');
      h.actor.send({ type: 'handback' });
      expect(h.state()).to.equal('active.running');
      await h.finish('a', { result: 'A' });
      await h.finish('b', { result: 'B' });
      expect(h.log.filter((line) => line.startsWith('run '))).to.deep.equal(['run a', 'run b']);
      expect(h.replies.map((reply) => reply.actId)).to.deep.equal(['a', 'b']);
      expect(h.state()).to.equal('active.idle');
    });

    it('expires while human when the timeout elapses, answering the queued acts with the outcome', async () => {
      const h = harness();
      h.clock.increment(TIMEOUT_MS - 100);
      h.actor.send({ type: 'takeover' });
      h.act('a');
      h.clock.increment(100);
      await flush();
      expectEndedOnce(h, 'expired');
      expect(h.replyTo('a')).to.deep.equal({ kind: 'ended', outcome: { status: 'expired' } });
    });

    it('closes on delete while human', async () => {
      const h = harness();
      h.actor.send({ type: 'takeover' });
      h.act('a');
      h.actor.send({ type: 'delete' });
      await flush();
      expectEndedOnce(h, 'closed');
      expect(h.replyTo('a')).to.deep.equal({ kind: 'ended', outcome: { status: 'closed' } });
    });

    for (const event of [{ type: 'engine.lost' }, { type: 'shutdown' }, { type: 'page.failed', code: 'page_crashed', message: 'The page crashed' }] as const) {
      it(`fails on ${event.type} while human`, async () => {
        const h = harness();
        h.actor.send({ type: 'takeover' });
        h.actor.send(event);
        await flush();
        expectEndedOnce(h, 'failed');
      });
    }
  });
});
