import { AssertionError } from 'chai';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { Response, Test } from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { buildDocument } from '../../http/openapi/document.js';
import { routes } from '../../http/routes/index.js';

// Every answer the HTTP and integration specs receive is held against the API document: its status
// is documented for the route, its documented headers are there (and no header the document knows
// appears where it is not documented), and its body matches the schema. A drift fails the test
// that received the answer, with what drifted.

type Json = Record<string, unknown>;
interface DocResponse {
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, { schema: Json }>;
}

interface Checker {
  doc: { paths: Record<string, Record<string, unknown>> };
  defs: Record<string, Json>;
  knownHeaders: Set<string>;
  templates: Array<{ template: string; re: RegExp }>;
}

let checker: Checker | undefined;

/** The document and what the check derives from it, made on first use (so a codec without a schema fails tests, not loading). */
function loadChecker(): Checker {
  if (checker) return checker;
  const doc = buildDocument(routes) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, Json> } };
  // Ajv resolves the component references as local definitions of each schema it compiles.
  const defs = JSON.parse(JSON.stringify(doc.components.schemas).replaceAll('#/components/schemas/', '#/$defs/')) as Record<string, Json>;
  // Every header name some answer of the document declares.
  const knownHeaders = new Set(
    Object.values(doc.paths).flatMap((item) =>
      Object.values(item).flatMap((op) =>
        Object.values((op as { responses?: Record<string, DocResponse> }).responses ?? {}).flatMap((r) => Object.keys(r.headers ?? {}).map((h) => h.toLowerCase())),
      ),
    ),
  );
  const templates = Object.keys(doc.paths).map((template) => ({ template, re: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`) }));
  return (checker = { doc, defs, knownHeaders, templates });
}

const ajv = new Ajv2020({ allErrors: true, strictTypes: false, allowUnionTypes: true });
// ajv-formats is CommonJS: under NodeNext its plugin is the default export's default.
formats.default(ajv);
const compiled = new Map<string, ValidateFunction>();

function validator(key: string, schema: Json): ValidateFunction {
  const known = compiled.get(key);
  if (known) return known;
  const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/')) as Json;
  const validate = ajv.compile({ ...rewritten, $defs: loadChecker().defs });
  compiled.set(key, validate);
  return validate;
}

/** What is wrong with `res` as an answer to `method url` by the document; empty when nothing. */
export function responseProblems(method: string, url: string, res: Pick<Response, 'status' | 'headers' | 'body' | 'text' | 'type'>): string[] {
  const { doc, knownHeaders, templates } = loadChecker();
  const path = new URL(url, 'http://service').pathname;
  const template = templates.find(({ re }) => re.test(path))?.template;
  const operation = template ? (doc.paths[template]?.[method.toLowerCase()] as { responses: Record<string, DocResponse> } | undefined) : undefined;
  const problems: string[] = [];
  if (!res.headers['x-request-id']) problems.push('no X-Request-Id header');
  // The dashboard's page and assets are not part of the API, so the document leaves them out.
  if (path === '/dashboard' || path.startsWith('/dashboard/')) return problems;
  if (!operation) {
    // An undocumented route is the one answer the document cannot list: 404 not_found.
    const body = res.body as { error?: { code?: unknown } } | undefined;
    if (res.status !== 404 || body?.error?.code !== 'not_found') problems.push(`${method} ${path} is not in the document, yet it answered ${res.status}`);
    return problems;
  }
  const documented = operation.responses[String(res.status)];
  if (!documented) return [...problems, `status ${res.status} is not documented for ${method} ${template}`];
  const headers = Object.fromEntries(Object.entries(documented.headers ?? {}).map(([name, h]) => [name.toLowerCase(), h]));
  for (const [name, header] of Object.entries(headers)) {
    if (header.required && res.headers[name] === undefined) problems.push(`no ${name} header, which the document requires`);
  }
  for (const name of knownHeaders) {
    if (res.headers[name] !== undefined && !headers[name]) problems.push(`a ${name} header, which the document does not list for ${res.status}`);
  }
  const content = documented.content;
  if (!content) {
    if (res.text) problems.push(`a body, where the document says there is none: ${res.text.slice(0, 200)}`);
    return problems;
  }
  // */* is a file whose type is its own (a session's download): any type matches it.
  const type = Object.keys(content).find((t) => res.type === t) ?? Object.keys(content).find((t) => t === '*/*');
  if (!type) return [...problems, `content type ${res.type}, where the document says ${Object.keys(content).join(' or ')}`];
  const schema = content[type]!.schema;
  if (schema.format === 'binary') {
    // A download is read as a Buffer (spec/support/zip.ts's bytesOrJson parser); its bytes are the route's test's to check.
    if (!Buffer.isBuffer(res.body) || res.body.length === 0) problems.push(`a ${type} body that was not read as bytes (parse it with bytesOrJson) or is empty`);
    return problems;
  }
  const body: unknown = type === 'application/json' ? res.body : res.text;
  const validate = validator(`${method} ${template} ${res.status} ${type}`, schema);
  if (!validate(body)) {
    for (const error of validate.errors ?? []) problems.push(`body${error.instancePath} ${error.message ?? 'is invalid'} (${error.schemaPath})`);
  }
  return problems;
}

/** What is wrong with `body` as the JSON of the document's shared answer `name` (components.responses); empty when nothing. */
export function componentProblems(name: string, body: unknown): string[] {
  const doc = buildDocument(routes) as { components: { responses: Record<string, DocResponse> } };
  const schema = doc.components.responses[name]?.content?.['application/json']?.schema;
  if (!schema) return [`the document has no JSON answer ${name}`];
  const validate = validator(`components ${name}`, schema);
  return validate(body) ? [] : (validate.errors ?? []).map((error) => `body${error.instancePath} ${error.message ?? 'is invalid'} (${error.schemaPath})`);
}

/** Fails when `res` drifts from the document, saying how. */
export function assertDocumented(method: string, url: string, res: Response): void {
  const problems = responseProblems(method, url, res);
  if (problems.length) {
    throw new AssertionError(`${method.toUpperCase()} ${url} answered ${res.status} unlike the API document (docs/openapi.json):\n  ${problems.join('\n  ')}`);
  }
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

/** The supertest agent with every answer checked against the document when it is awaited. */
export function documentedAgent(agent: TestAgent): TestAgent {
  return new Proxy(agent, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof prop !== 'string' || !METHODS.has(prop) || typeof value !== 'function') return value;
      return (url: string, ...rest: unknown[]) => watch((value as (...args: unknown[]) => Test).call(target, url, ...rest), prop, url);
    },
  });
}

function watch(test: Test, method: string, url: string): Test {
  const then = test.then.bind(test);
  test.then = ((onFulfilled, onRejected) =>
    then((res) => {
      assertDocumented(method, url, res);
      return res;
    }).then(onFulfilled, onRejected)) as Test['then'];
  return test;
}
