import { expect } from 'chai';
import { toolDefinitions } from '../../mcp/tools.js';

/** Every value of `keyword` anywhere in `schema`, property names excepted. */
function keywordValues(schema: unknown, keyword: string): unknown[] {
  if (Array.isArray(schema)) return schema.flatMap((item) => keywordValues(item, keyword));
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([key, value]) => {
    if (key === 'properties' || key === '$defs') return Object.values(value as object).flatMap((sub) => keywordValues(sub, keyword));
    return [...(key === keyword ? [value] : []), ...keywordValues(value, keyword)];
  });
}

describe('the MCP tool list', () => {
  const tools = toolDefinitions();
  const byName = (name: string) => tools.find((tool) => tool.name === name)!;

  it('describes each step once: run_steps keeps every bound of the step tools but none of their descriptions', () => {
    const runSteps = byName('run_steps').inputSchema;
    const defs = (runSteps as { $defs?: unknown }).$defs;
    expect(keywordValues(defs, 'description')).to.deep.equal([]);
    // The step tools carry the descriptions and run_steps the same bounds.
    expect(keywordValues(byName('navigate').inputSchema, 'description').length).to.be.greaterThan(3);
    const stepMaxima = tools.filter((tool) => tool.step).flatMap((tool) => keywordValues(tool.inputSchema, 'maximum'));
    expect(keywordValues(defs, 'maximum')).to.include.members(stepMaxima);
    expect(byName('run_steps').description).to.include('navigate');
  });

  it('opens sessions with every create option but steps, the cookies named by their fields', () => {
    const properties = byName('session_open').inputSchema.properties as Record<string, { items?: { properties?: unknown }; description?: string; maxItems?: number }>;
    expect(properties).to.include.keys('device', 'geolocation', 'permissions', 'viewport', 'user_agent', 'cookies', 'profile');
    expect(properties).to.not.have.key('steps');
    expect(properties.cookies!.items!.properties).to.equal(undefined);
    expect(properties.cookies!.description).to.include('{name, value, domain, url, path, expires, httpOnly, secure, sameSite}');
  });

  it('stays short: under 36 KB of JSON for every tool together', () => {
    const bytes = Buffer.byteLength(JSON.stringify({ tools: tools.map(({ step: _step, ...tool }) => tool) }));
    expect(bytes).to.be.below(36 * 1024);
  });
});
