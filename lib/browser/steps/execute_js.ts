import { Script } from 'node:vm';
import type * as t from 'io-ts';
import { described, intRange, strictObject, withDefault } from '../../contract/codec/index.js';
import { nameText, scriptText } from '../../contract/text.js';
import { StepError } from '../../contract/errors.js';
import { bounded, Overrun } from '../deadline.js';
import { defineStep } from '../act/define.js';
import type { Act } from '../act/act.js';
import { MAX_WAIT_MS } from '../../contract/limits.js';
import { seconds } from '../../platform/time.js';

/** Parameters of execute_js: the function body, where its result goes in `extraction`, and a time limit. */
export const executeJsCodec = described(
  strictObject({
    code: described(scriptText, 'A function body run in the page; `return` sends a JSON value back.'),
    result_key: described(withDefault(nameText, 'js_result'), 'Key in extraction that receives the returned value.'),
    timeout: described(withDefault(intRange(1, MAX_WAIT_MS), 10_000), 'Most milliseconds the code may run.'),
  }),
  'Runs JavaScript in the page and puts its result in extraction.',
);

/** Decoded execute_js parameters. */
export type ExecuteJsParams = t.TypeOf<typeof executeJsCodec>;

/** Largest serialised result kept, in characters: the envelope carries it. */
export const MAX_RESULT_CHARS = 5_000_000;
/** What the wrapper hands back from the page: the JSON, or why there is none. */
interface PageAnswer {
  json?: string;
  thrown?: string;
  unserializable?: string;
  tooLarge?: number;
}

/**
 * The page-side source: the caller's body inside an async function (`return` answers, `await`
 * works), its value serialised in the page, so what crosses back is plain JSON (`undefined` is
 * null) or the reason there is none. The newline keeps a trailing `//` comment inside the body.
 */
export function wrapCode(code: string): string {
  return `(async () => {
  const tabwrightBody = async function () {
${code}
  };
  let value;
  try {
    value = await tabwrightBody.call(globalThis);
  } catch (error) {
    let text;
    try {
      text = error instanceof Error ? (error.name && error.name !== 'Error' ? error.name + ': ' : '') + error.message : String(error);
    } catch {
      text = 'an exception that cannot be shown';
    }
    return { thrown: text };
  }
  if (value === undefined) return { json: 'null' };
  let json;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    return { unserializable: error instanceof Error ? error.message : String(error) };
  }
  if (json === undefined) return { unserializable: 'a ' + typeof value + ' has no JSON form' };
  if (json.length > ${MAX_RESULT_CHARS}) return { tooLarge: json.length };
  return { json };
})()`;
}

/** Refuses a body that does not compile, before anything runs; compiled here, never run. */
function checkSyntax(source: string): void {
  try {
    new Script(source);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new StepError('invalid_request', `execute_js: the code does not compile: ${message}`, {
      path: 'execute_js.code',
      expected: 'JavaScript function body',
    });
  }
}

/** Stores `value` under `key` in the act's extraction (defined, so a key like `__proto__` is just a key). */
function store(act: Act, key: string, value: unknown): void {
  act.results.extraction ??= {};
  Object.defineProperty(act.results.extraction, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The value of a page answer, or the step error it stands for. */
function valueOf(answer: PageAnswer): unknown {
  if (answer.thrown !== undefined) throw new StepError('action_failed', `execute_js failed: the code threw ${answer.thrown}`, { reason: 'script_error' });
  if (answer.unserializable !== undefined) {
    throw new StepError('action_failed', `execute_js failed: the returned value is not JSON-serialisable: ${answer.unserializable}`, { reason: 'not_serializable' });
  }
  if (answer.tooLarge !== undefined) {
    throw new StepError('action_failed', `execute_js failed: the returned value is ${answer.tooLarge} characters of JSON; at most ${MAX_RESULT_CHARS} are kept`, {
      reason: 'too_large',
    });
  }
  return JSON.parse(answer.json ?? 'null') as unknown;
}

/**
 * Runs the wrapped code in the page within `timeout`, under the page's deadline: code still
 * running then is stopped (and a page that cannot be stopped is closed: page_unresponsive); code
 * awaiting something is left to it. A navigation the code causes ends it with null.
 */
async function evaluate(act: Act, source: string, timeout: number): Promise<unknown> {
  try {
    return valueOf(await bounded(act.page, timeout, () => act.page.evaluate<PageAnswer>(source)));
  } catch (error) {
    if (error instanceof Overrun) {
      const what = error.stopped ? 'and was stopped' : '(it was still waiting for something)';
      throw new StepError('action_failed', `execute_js failed: the code did not finish within ${seconds(timeout)} ${what}`, { reason: 'timeout' });
    }
    const message = error instanceof Error ? error.message : '';
    if (/Execution context was destroyed/.test(message)) return null;
    if (/SyntaxError/.test(message) && !(error instanceof StepError)) {
      throw new StepError('invalid_request', `execute_js: the code does not compile: ${message.split('\n')[0] ?? ''}`, {
        path: 'execute_js.code',
        expected: 'JavaScript function body',
      });
    }
    throw error;
  }
}

/**
 * The execute_js step: the code runs in the page as the body of an async function; its JSON
 * value goes to `extraction[result_key]`. A syntax error is invalid_request; a throw, a value
 * without JSON form or too large, or running past `timeout` (even `while(true){}`: the script is
 * terminated) is action_failed with reason script_error, not_serializable, too_large or timeout;
 * a page that cannot be stopped is closed (page_unresponsive), one that crashes is page_crashed.
 */
export const executeJsStep = defineStep({
  name: 'execute_js',
  codec: executeJsCodec,
  acts: 'page',
  navigation: 'caused',
  budget: (params) => params.timeout,
  run: async (act, params) => {
    const source = wrapCode(params.code);
    checkSyntax(source);
    store(act, params.result_key, await evaluate(act, source, params.timeout));
  },
});
