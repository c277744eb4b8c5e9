// The journal's cost per step, two ways, for bench:act: measured inside the API flows (time spent
// in Journal methods, listeners and batched writes included, over the steps run), and a model of
// one act per step on a file store (redaction, every event an act of one step records, and the
// act's one write on the journal's connection).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal } from '../lib/platform/journal/journal.js';
import { redactStepParams } from '../lib/platform/journal/redact.js';
import { openStore } from '../lib/platform/store/index.js';

/** Time spent in the journal while patched, in ms. */
export interface JournalMeter {
  ms(): number;
  /** The same time by method, and how many calls each had. */
  parts(): Record<string, { ms: number; calls: number }>;
  /** Starts counting again from zero. */
  reset(): void;
  /** Restores the Journal methods. */
  restore(): void;
}

/** Wraps the Journal's methods that do work so every call adds its time to the meter. */
export function meterJournal(): JournalMeter {
  let spent = 0;
  const parts: Record<string, { ms: number; calls: number }> = {};
  const proto = Journal.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const names = ['record', 'flush', 'addSecrets'] as const;
  const originals = names.map((name) => proto[name]!);
  let depth = 0;
  names.forEach((name, i) => {
    const original = originals[i]!;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      // record calls flush on `ended`: count the outer call only.
      const outer = depth++ === 0;
      const start = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        depth--;
        const part = (parts[name] ??= { ms: 0, calls: 0 });
        part.ms += performance.now() - start;
        part.calls++;
        if (outer) spent += performance.now() - start;
      }
    };
  });
  return {
    ms: () => spent,
    parts: () => parts,
    reset: () => {
      spent = 0;
      for (const name of Object.keys(parts)) delete parts[name];
    },
    restore: () => names.forEach((name, i) => (proto[name] = originals[i]!)),
  };
}

/** The modelled cost of journaling one step run as its own act, in ms (mean over `acts`). */
export async function modelledStepCost(acts = 500): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'tabwright-bench-journal-'));
  const store = await openStore(dir);
  try {
    const journal = new Journal('ses_bench', store, { now: Date.now });
    const start = performance.now();
    for (let i = 0; i < acts; i++) {
      const actId = `act${i}`;
      journal.record({ type: 'act.received', act_id: actId, steps: ['fill'] });
      journal.record({ type: 'transition', from: 'active.idle', to: 'active.running', event: 'act' });
      journal.record({ type: 'act.started', act_id: actId });
      const { params, secrets } = redactStepParams('fill', { ref: 'e12', value: 'Ada Lovelace' });
      journal.addSecrets(secrets);
      journal.record({ type: 'navigation', url: 'http://127.0.0.1:8080/form?name=Ada+Lovelace', status: 200 });
      journal.record({ type: 'step', act_id: actId, index: 0, step: 'fill', params, duration_ms: 12, ok: true });
      journal.record({ type: 'act.finished', act_id: actId, ok: true, duration_ms: 40 });
      journal.record({ type: 'transition', from: 'active.running', to: 'active.idle', event: 'xstate.done.actor.0.session.active.running' });
      await journal.flush();
    }
    return (performance.now() - start) / acts;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
