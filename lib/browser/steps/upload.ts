import type * as t from 'io-ts';
import type { ElementHandle } from 'playwright';
import { arrayOf, described } from '../../contract/codec/index.js';
import { httpUrl } from '../../contract/text.js';
import { StepError } from '../../contract/errors.js';
import { withNavigation } from '../act/navigation/action.js';
import { perform, withTarget } from '../act/targeting/index.js';
import { ELEMENT_ALLOWANCE_MS, navigationAllowance } from '../act/budget.js';
import { defineStep, type StepContext } from '../act/define.js';
import { inPage, onElement } from '../program.js';
import { DOWNLOAD_TIMEOUT_MS, downloadFiles } from '../forms/downloads.js';
import { MAX_UPLOAD_FILES } from '../../contract/limits.js';
import { targeted } from '../../contract/target.js';

/** Parameters of upload: a file input and the http(s) URLs of the files to download and attach. */
export const uploadCodec = described(
  targeted({
    files: described(
      arrayOf(httpUrl, {
        min: 1,
        max: MAX_UPLOAD_FILES,
        name: `an array of 1 to ${MAX_UPLOAD_FILES} file URLs`,
      }),
      'http(s) URLs of the files, downloaded through the session\'s own network path (25 MiB a file, 50 MiB in all).',
    ),
  }),
  'Attaches files to a file input.',
);

/** Decoded upload parameters. */
export type UploadParams = t.TypeOf<typeof uploadCodec>;

/** How long attaching may take (the element wait plus handing the bytes to the page). */
const ATTACH_TIMEOUT_MS = 30_000;

/**
 * The upload step: checks the target is a file input that takes that many files, downloads each
 * URL through the session's own context (its cookies and proxy), bounded in size, and attaches
 * them; the input fires input and change as if the user had picked them (hidden inputs behind a
 * styled label included).
 */
export const uploadStep = defineStep({
  name: 'upload',
  targets: true,
  codec: uploadCodec,
  // The files download one after another.
  budget: (params, ctx) => ELEMENT_ALLOWANCE_MS + params.files.length * DOWNLOAD_TIMEOUT_MS + ATTACH_TIMEOUT_MS + navigationAllowance(ctx),
  run: async (ctx, params) => {
    await withTarget(ctx, params, 'upload', (element) => attach(ctx, element, params.files));
  },
});

/**
 * What a request of the session's browser carries that a server may check: its User-Agent (read
 * once per step) and its cookies for each URL asked for (redirects included).
 */
function sessionHeaders(ctx: StepContext): (url: string) => Promise<Record<string, string>> {
  const userAgent = inPage(ctx.page, 'userAgent');
  // Awaited by the first request; a failure before that must not go unhandled.
  userAgent.catch(() => undefined);
  return async (url) => {
    const cookie = (await ctx.page.context().cookies(url)).map(({ name, value }) => `${name}=${value}`).join('; ');
    return { 'user-agent': await userAgent, ...(cookie ? { cookie } : {}) };
  };
}

/** Checks that `element` is a file input taking that many files, downloads them and attaches them. */
async function attach(ctx: StepContext, element: ElementHandle, urls: UploadParams['files']): Promise<void> {
  const input = await perform('upload', () => onElement(element, 'fileInput'));
  if (!input) throw new StepError('action_failed', 'upload needs an <input type="file"> element', { reason: 'not_a_file_input' });
  if (urls.length > 1 && !input.multiple) {
    throw new StepError('action_failed', `The file input takes one file; ${urls.length} were given`, {
      reason: 'single_file_input',
      files: urls.length,
    });
  }
  if (!ctx.network) throw new StepError('action_failed', 'upload needs the session\'s network path', { reason: 'download_failed' });
  const files = await downloadFiles({ proxyUrl: ctx.network.proxyUrl, headers: sessionHeaders(ctx) }, urls, ctx.signal);
  // Up to 50 MiB cross into the page: more time than a click gets.
  await withNavigation(ctx, () => perform('upload', () => element.setInputFiles(files, { timeout: ATTACH_TIMEOUT_MS })));
}
