import { toMermaid } from '../lib/chart/index.js';
import { engineMachine } from '../machines/engine.js';
import { sessionMachine } from '../machines/session.js';

const USAGE = 'usage: tabwright chart [--engine]';

/** `tabwright chart [--engine]`: the session (or engine) machine as a Mermaid state diagram. */
export function chartCommand(args: string[]): string {
  if (args.length === 0) return toMermaid(sessionMachine);
  if (args.length === 1 && args[0] === '--engine') return toMermaid(engineMachine);
  throw new Error(`${USAGE} (unexpected: ${args.join(' ')})`);
}
