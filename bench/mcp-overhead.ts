// What a tool call through an MCP transport adds to the REST act it wraps: the same step in the
// same session on the same settled page, once as client.callTool and once as tabwright/client's
// act, in rotating order, so the page work is the same both ways and only the way there differs.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Step, Tabwright } from '../client/index.js';
import { percentile, sampleTogether } from './stats.js';

/** A step whose tool has the step's name (every step but goto, which is navigate), with its parameters. */
export interface OverheadStep {
  tool: 'observe' | 'wait' | 'scroll';
  params: Record<string, unknown>;
}

/** Times per call of one step: through MCP, through REST, in the order they were taken (pairs by index). */
export interface OverheadSample {
  mcp: number[];
  rest: number[];
}

/** Times `step` RUNS times each way after `warmup` rounds, through `client` (connected) and through `rest`, in `sessionId`. */
export async function toolCallOverhead(client: Client, rest: Tabwright, sessionId: string, step: OverheadStep, runs: number, warmup: number): Promise<OverheadSample> {
  const viaMcp = async (): Promise<void> => {
    const result = (await client.callTool({ name: step.tool, arguments: { ...step.params, session_id: sessionId } })) as CallToolResult;
    if (result.isError) throw new Error(`${step.tool} through MCP failed: ${JSON.stringify(result.content)}`);
  };
  const viaRest = async (): Promise<void> => {
    const envelope = await rest.act(sessionId, { steps: [{ [step.tool]: step.params } as Step] });
    if (envelope.error) throw new Error(`${step.tool} through REST failed: ${envelope.error.code} ${envelope.error.message}`);
  };
  const [mcp, restTimes] = await sampleTogether(runs, warmup, [viaMcp, viaRest], { rotate: true });
  return { mcp: mcp!, rest: restTimes! };
}

const ms = (value: number): string => value.toFixed(2).padStart(7);

/** One printed line: both ways' p50 and p95, the difference of medians and the median of the paired differences. */
export function overheadLine(label: string, { mcp, rest }: OverheadSample): string {
  const paired = percentile(
    mcp.map((time, i) => time - rest[i]!),
    50,
  );
  return (
    `${label.padEnd(34)} mcp p50 ${ms(percentile(mcp, 50))} p95 ${ms(percentile(mcp, 95))}   rest p50 ${ms(percentile(rest, 50))} p95 ${ms(percentile(rest, 95))}` +
    `   overhead p50 ${ms(percentile(mcp, 50) - percentile(rest, 50))} ms (paired ${ms(paired).trim()} ms)   (target ≤ 2 ms)`
  );
}
