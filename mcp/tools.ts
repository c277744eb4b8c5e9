// The MCP tools and their input schemas, walked from the same codecs as the OpenAPI document
// (lib/contract/codec/schema.ts), so a bound or a description is written once, in the codec.
import { schemaOf, type JsonSchema } from '../lib/contract/codec/index.js';
import { actBodyCodec } from '../lib/api/act.js';
import { createBodyCodec } from '../lib/api/create.js';
import { listQueryCodec } from '../lib/contract/request/list.js';
import { profileListQueryCodec } from '../lib/contract/request/profile.js';
import { forkBodyCodec } from '../lib/api/fork.js';
import { MAX_STEPS } from '../lib/api/steps-array.js';
import { DOWNLOAD_ID_PATTERN } from '../lib/contract/response/download.js';
import { stepModules, type StepName } from '../lib/api/steps.js';

/** One tool as tools/list gives it, and which step it runs (none for the session and batch tools). */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  step?: StepName;
}

const SESSION_ID: JsonSchema = {
  type: 'string',
  minLength: 1,
  description: "Session id (ses_…); default: this connection's session, opened on first use, closed with it.",
};

/** Steps with a tool of their own: every one but close (session_close ends a session). */
const STEP_TOOLS = stepModules.filter((module) => module.name !== 'close');

/** goto is navigate to an agent, as in other browser tools; every other step keeps its name. */
const toolName = (step: StepName): string => (step === 'goto' ? 'navigate' : step);

/** The codec's schema as a tool input: its description moves to the tool, session_id joins its properties. */
function toolInput(schema: JsonSchema, extra: Record<string, JsonSchema> = { session_id: SESSION_ID }): { description: string; inputSchema: ToolDefinition['inputSchema'] } {
  const { description, ...rest } = schema;
  const properties = { ...(rest.properties as Record<string, JsonSchema> | undefined), ...extra };
  return { description: typeof description === 'string' ? description : '', inputSchema: { ...rest, type: 'object', properties } };
}

function stepTool(module: (typeof STEP_TOOLS)[number]): ToolDefinition {
  return { name: toolName(module.name), step: module.name, ...toolInput(schemaOf(module.codec)) };
}

function sessionOpen(): ToolDefinition {
  // Steps go through run_steps or the step tools; leaving them out keeps this tool's schema small.
  // webhook_url too: an agent has no receiver of its own, and its turns pay for every byte.
  const schema = schemaOf(createBodyCodec);
  const { steps: _steps, webhook_url: _webhook, cookies, ...properties } = schema.properties as Record<string, JsonSchema>;
  const { $defs: _defs, ...rest } = schema;
  const input = toolInput({ ...rest, properties: { ...properties, ...(cookies ? { cookies: cookieSummary(cookies) } : {}) } }, {});
  return { name: 'session_open', description: 'Opens a new isolated browser session (optionally at url) and answers its id and page; pass that session_id to other tools.', inputSchema: input.inputSchema };
}

/**
 * The cookies' schema named rather than spelt out (their patterns and each field's words are a
 * quarter of session_open): the fields of a browser cookie, which the API checks and answers a
 * 400 naming the field for; every byte of the tool list costs an agent on every turn.
 */
function cookieSummary(cookies: JsonSchema): JsonSchema {
  const items = (cookies.items ?? {}) as JsonSchema;
  const fields = Object.keys((items.properties ?? {}));
  const { items: _items, description, ...rest } = cookies;
  return { ...rest, items: { type: 'object', required: items.required }, description: `${String(description)} Each {${fields.join(', ')}}, as a browser cookie; domain or url, not both.` };
}

/**
 * `schema` without the description keyword at any depth (property names are kept, even one called
 * description), nor `additionalProperties: false`: run_steps repeats every step's schema, whose
 * descriptions and closed objects its step tool already gives (and the API refuses an unknown
 * field whatever the schema says), and an agent pays for each byte of the tool list on every
 * turn. Bounds and enums stay.
 */
function withoutDescriptions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDescriptions);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'description' || (keyword === 'additionalProperties' && value === false)) continue;
    // Maps from names to schemas: walk each schema, keep each name.
    if (keyword === 'properties' || keyword === '$defs') out[keyword] = Object.fromEntries(Object.entries(value as object).map(([name, sub]) => [name, withoutDescriptions(sub)]));
    else out[keyword] = typeof value === 'object' ? withoutDescriptions(value) : value;
  }
  return out;
}

/** run_steps: the act body, each step's parameters described once, by that step's own tool. */
function runStepsTool(): ToolDefinition {
  const { description, inputSchema } = toolInput(schemaOf(actBodyCodec));
  const { $defs } = inputSchema as { $defs?: unknown };
  return {
    name: 'run_steps',
    description: `${description} Each step is {"<step>": {parameters}}, its parameters those of the tool of the same name (goto is navigate's); the first failure stops the rest. Answers the page after the last step.`,
    inputSchema: { ...inputSchema, $defs: withoutDescriptions($defs) },
  };
}

/**
 * session_fork: the fork body; its steps are run_steps' (the API checks them), named here rather
 * than repeated, since every byte of the tool list costs an agent on every turn.
 */
function forkTool(): ToolDefinition {
  const { $defs: _defs, ...schema } = schemaOf(forkBodyCodec);
  const properties = { ...(schema.properties as Record<string, JsonSchema>), steps: { type: 'array', maxItems: MAX_STEPS, items: { type: 'object' }, description: 'Steps each copy runs, as run_steps takes them.' } };
  const { inputSchema } = toolInput({ ...schema, properties }, { session_id: { ...SESSION_ID, description: "The session to copy (ses_…); without it, this connection's default session." } });
  return {
    name: 'session_fork',
    description: 'Copies a live session (cookies, storage, options, URL, scroll) into count new sessions, all or none, each running steps; answers each copy\'s session id and page.',
    inputSchema,
  };
}

/** Every tool, in the order tools/list gives them. */
export function toolDefinitions(): ToolDefinition[] {
  return [
    ...STEP_TOOLS.map(stepTool),
    runStepsTool(),
    sessionOpen(),
    {
      name: 'session_close',
      description: 'Closes a session (default: this connection\'s default session) and bills it.',
      inputSchema: { type: 'object', properties: { session_id: SESSION_ID }, additionalProperties: false },
    },
    { name: 'session_list', ...toolInput({ ...schemaOf(listQueryCodec), description: "Lists this key's sessions, newest first." }, {}) },
    forkTool(),
    {
      name: 'download',
      description: "Lists the files the session's pages downloaded; with download_id, answers that file (text inline, else embedded up to 1 MiB).",
      inputSchema: { type: 'object', properties: { session_id: SESSION_ID, download_id: { type: 'string', pattern: DOWNLOAD_ID_PATTERN } }, additionalProperties: false },
    },
    { name: 'profile_list', ...toolInput({ ...schemaOf(profileListQueryCodec), description: "Lists this account's saved profiles (kept logins) by name, for session_open's profile." }, {}) },
  ];
}
