import { expect } from 'chai';
import type * as t from 'io-ts';
import { actBodyCodec } from '../../../lib/api/act.js';
import { createBodyCodec } from '../../../lib/api/create.js';
import {
  MAX_NAME_LENGTH, MAX_SCRIPT_LENGTH, MAX_SELECTOR_LENGTH, MAX_TARGET_LENGTH, MAX_TYPED_LENGTH, MAX_URL_LENGTH, MAX_VALUE_LENGTH,
} from '../../../lib/contract/text.js';
import { decoded, problem } from './codec/problem.js';

const long = (n: number): string => 'a'.repeat(n);
const url = (n: number): string => `https://example.test/${long(n - 'https://example.test/'.length)}`;
/** A well-formed language tag of `n` characters: private-use subtags of up to 8 letters. */
const tag = (n: number): string => {
  let out = 'en-x';
  while (out.length < n) out += `-${'a'.repeat(Math.max(1, Math.min(8, n - out.length - 1)))}`;
  return out;
};

/** Where a string sits in a body, and the body with a string of `n` characters there. */
type Case = [path: string, bound: number, body: (n: number) => unknown, codec: 'create' | 'act'];

const cases: Case[] = [
  ['url', MAX_URL_LENGTH, (n) => ({ url: url(n) }), 'create'],
  ['proxy', MAX_URL_LENGTH, (n) => ({ proxy: `http://${long(n - 'http://.test'.length)}.test` }), 'create'],
  ['cookies[0].url', MAX_URL_LENGTH, (n) => ({ cookies: [{ name: 'a', value: 'b', url: url(n) }] }), 'create'],
  ['locale', 100, (n) => ({ locale: tag(n) }), 'create'],
  ['steps[0].goto.url', MAX_URL_LENGTH, (n) => ({ steps: [{ goto: { url: url(n) } }] }), 'act'],
  ['steps[0].goto.wait_for', MAX_SELECTOR_LENGTH, (n) => ({ steps: [{ goto: { url: 'https://a.test', wait_for: long(n) } }] }), 'act'],
  ['steps[0].goto.wait_until', MAX_SCRIPT_LENGTH, (n) => ({ steps: [{ goto: { url: 'https://a.test', wait_until: long(n) } }] }), 'act'],
  ['steps[0].observe.scope', MAX_SELECTOR_LENGTH, (n) => ({ steps: [{ observe: { scope: long(n) } }] }), 'act'],
  ['steps[0].click.text', MAX_TARGET_LENGTH, (n) => ({ steps: [{ click: { text: long(n) } }] }), 'act'],
  ['steps[0].upload.label', MAX_TARGET_LENGTH, (n) => ({ steps: [{ upload: { label: long(n), files: ['https://a.test/f'] } }] }), 'act'],
  ['steps[0].upload.files[0]', MAX_URL_LENGTH, (n) => ({ steps: [{ upload: { ref: 'e1', files: [url(n)] } }] }), 'act'],
  ['steps[0].fill.value', MAX_VALUE_LENGTH, (n) => ({ steps: [{ fill: { ref: 'e1', value: long(n) } }] }), 'act'],
  ['steps[0].type.value', MAX_TYPED_LENGTH, (n) => ({ steps: [{ type: { ref: 'e1', value: long(n) } }] }), 'act'],
  ['steps[0].select.value', MAX_VALUE_LENGTH, (n) => ({ steps: [{ select: { ref: 'e1', value: long(n) } }] }), 'act'],
  ['steps[0].wait.text', MAX_TARGET_LENGTH, (n) => ({ steps: [{ wait: { text: long(n) } }] }), 'act'],
  ['steps[0].wait.until', MAX_SCRIPT_LENGTH, (n) => ({ steps: [{ wait: { until: long(n) } }] }), 'act'],
  ['steps[0].screenshot.selector', MAX_SELECTOR_LENGTH, (n) => ({ steps: [{ screenshot: { selector: long(n) } }] }), 'act'],
  ['steps[0].scroll.ref', MAX_TARGET_LENGTH, (n) => ({ steps: [{ scroll: { ref: long(n) } }] }), 'act'],
  ['steps[0].execute_js.code', MAX_SCRIPT_LENGTH, (n) => ({ steps: [{ execute_js: { code: long(n) } }] }), 'act'],
  ['steps[0].execute_js.result_key', MAX_NAME_LENGTH, (n) => ({ steps: [{ execute_js: { code: 'return 1', result_key: long(n) } }] }), 'act'],
  ['steps[0].extract.title', MAX_SCRIPT_LENGTH, (n) => ({ steps: [{ extract: { title: long(n) } }] }), 'act'],
  ['steps[0].extract', MAX_NAME_LENGTH, (n) => ({ steps: [{ extract: { [long(n)]: 'h1' } }] }), 'act'],
  ['steps[0].fill_form.fields.Name', MAX_VALUE_LENGTH, (n) => ({ steps: [{ fill_form: { fields: { Name: long(n) } } }] }), 'act'],
  ['steps[0].fill_form.fields', MAX_TARGET_LENGTH, (n) => ({ steps: [{ fill_form: { fields: { [long(n)]: 'x' } } }] }), 'act'],
];

describe('the bounds of request strings (lib/contract/text.ts)', () => {
  for (const [path, bound, body, kind] of cases) {
    const codec: t.Decoder<unknown, unknown> = kind === 'create' ? createBodyCodec : actBodyCodec;
    it(`takes ${path} at ${bound} characters and refuses one more, naming the field`, () => {
      decoded(codec, body(bound));
      expect(problem(codec, body(bound + 1)).path).to.equal(path);
    });
  }

  it('refuses the long strings a fuzz run once got a 500 for, each at its field', () => {
    expect(problem(actBodyCodec, { steps: [{ upload: { label: long(48_917), files: ['https://a.test/f'] } }] }).path).to.equal('steps[0].upload.label');
    expect(problem(createBodyCodec, { url: url(137_000) }).path).to.equal('url');
    expect(problem(actBodyCodec, { steps: [{ goto: { url: url(49_000) } }] }).path).to.equal('steps[0].goto.url');
  });
});
