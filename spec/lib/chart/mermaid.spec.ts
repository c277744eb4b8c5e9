import { expect } from 'chai';
import { createMachine, fromPromise, setup } from 'xstate';
import type { AnyStateMachine } from 'xstate';
import { chartCommand } from '../../../bin/chart.js';
import { UsageError } from '../../../bin/command.js';
import { toMermaid } from '../../../lib/chart/index.js';
import { engineMachine } from '../../../machines/engine.js';
import { sessionMachine } from '../../../machines/session.js';

/** Every state key in a machine, read from its definition rather than listed by hand. */
function stateKeys(machine: AnyStateMachine): string[] {
  const walk = (states: Record<string, { key: string; states: object }>): string[] =>
    Object.values(states).flatMap((node) => [node.key, ...walk(node.states as typeof states)]);
  return walk(machine.root.states);
}

describe('toMermaid()', () => {
  it('prints the exact diagram of a small machine', () => {
    const tiny = setup({
      actors: { job: fromPromise(() => Promise.resolve(1)) },
      guards: { ready: () => true },
      delays: { wait: 10 },
    }).createMachine({
      id: 'tiny',
      initial: 'a',
      states: {
        a: { on: { GO: { target: 'b', guard: 'ready' }, PING: {} } },
        b: {
          initial: 'x',
          states: {
            x: { after: { wait: 'y', 500: 'x' } },
            y: { invoke: { src: 'job', onDone: '#tiny.c', onError: 'x' } },
          },
          onDone: 'c',
          always: { target: 'c', guard: 'ready' },
        },
        c: { type: 'final' },
      },
    });
    expect(toMermaid(tiny)).to.equal(
      [
        'stateDiagram-v2',
        '  [*] --> a',
        '  state b {',
        '    [*] --> x',
        '    x --> x : after 0.5s',
        '    x --> y : after wait',
        '    y --> x : error: job',
        '  }',
        '  a --> b : GO [ready]',
        '  a --> a : PING',
        '  b --> c : done',
        '  b --> c : always [ready]',
        '  y --> c : done: job',
        '  c --> [*]',
        '',
      ].join('\n'),
    );
  });

  it('spells a key used twice by its path, names orphan states, and draws root transitions from each state', () => {
    const machine = createMachine({
      initial: 'one',
      on: { RESET: '.one' },
      states: {
        one: { initial: 'idle', states: { idle: {} } },
        two: { initial: 'idle', states: { idle: {}, lonely: {} } },
        done: { type: 'final' },
      },
    });
    const chart = toMermaid(machine);
    expect(chart).to.include('state one {\n    [*] --> one_idle\n  }');
    expect(chart).to.include('    [*] --> two_idle\n    lonely\n');
    expect(chart).to.include('  one --> one : RESET\n  two --> one : RESET\n');
    expect(chart).not.to.include('done --> one');
    expect(chart).to.include('  done --> [*]\n');
  });

  for (const [name, machine] of [
    ['session', sessionMachine],
    ['engine', engineMachine],
  ] as const) {
    it(`names every state of the ${name} machine`, () => {
      const chart = toMermaid(machine);
      expect(chart.startsWith('stateDiagram-v2\n')).to.equal(true);
      const keys = stateKeys(machine);
      expect(keys.length).to.be.greaterThan(4);
      for (const key of keys) expect(chart).to.match(new RegExp(`\\b${key}\\b`));
    });
  }

  it('draws the session lifecycle with its initial states, delay, actor results and guards', () => {
    const chart = toMermaid(sessionMachine);
    expect(chart).to.include('  [*] --> active\n');
    expect(chart).to.include('    [*] --> idle\n');
    expect(chart).to.include('  state active {\n');
    expect(chart).to.include('active --> ending : after sessionTimeout');
    expect(chart).to.include('running --> ending : done: runAct [isFatal]');
    expect(chart).to.include('running --> ending : error: runAct');
    expect(chart).to.include('running --> running : done: runAct [hasQueued]');
    expect(chart).to.include('ending --> expired : done: finalize [outcomeExpired]');
    expect(chart).to.include('ending --> failed : error: finalize');
    for (const final of ['closed', 'expired', 'failed']) expect(chart).to.include(`  ${final} --> [*]\n`);
  });

  it('draws the engine lifecycle with its relaunch delay', () => {
    const chart = toMermaid(engineMachine);
    expect(chart).to.include('  [*] --> starting\n');
    expect(chart).to.include('down --> starting : after relaunchDelay');
    expect(chart).to.include('starting --> up : done: launch');
    expect(chart).to.include('up --> down : lost');
    expect(chart).to.include('stopped --> [*]');
  });
});

describe('chartCommand()', () => {
  it('prints the session machine by default and the engine machine with --engine', async () => {
    expect(await chartCommand([])).to.equal(toMermaid(sessionMachine));
    expect(await chartCommand(['--engine'])).to.equal(toMermaid(engineMachine));
  });

  it('rejects anything else as a usage error', async () => {
    for (const args of [['--bogus'], ['--engine', 'extra'], ['--format']]) {
      const error: unknown = await chartCommand(args).then(() => null, (thrown: unknown) => thrown);
      expect(error, args.join(' ')).to.be.instanceOf(UsageError);
    }
  });
});
