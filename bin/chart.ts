import { toMermaid, toSvg } from '../lib/chart/index.js';
import { chartFormat } from '../lib/platform/config/index.js';
import { engineMachine } from '../machines/engine.js';
import { sessionMachine } from '../machines/session.js';
import { parse } from './command.js';

/** `tabwright chart [--engine] [--format mermaid|svg]`: the session (or engine) machine as a state chart. */
export async function chartCommand(args: string[]): Promise<string> {
  const { values } = parse(args, { engine: { type: 'boolean' }, format: { type: 'string' } }, 0);
  const format = chartFormat(values.format);
  const machine = values.engine ? engineMachine : sessionMachine;
  return format === 'svg' ? toSvg(machine) : toMermaid(machine);
}
