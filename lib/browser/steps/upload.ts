import type * as t from 'io-ts';
import { arrayOf, described } from '../../contract/codec/index.js';
import { httpUrl } from '../../contract/text.js';
import { StepError } from '../../contract/errors.js';
import { perform } from '../act/targeting/index.js';
import type { Located } from '../act/targeting/located.js';
import { defineStep } from '../act/define.js';
import type { Act } from '../act/act.js';
import { inPage, onElement } from '../program.js';
import { FETCH_TIMEOUT_MS, fetchFiles, type FetchedFile } from '../forms/upload-fetch.js';
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
  codec: uploadCodec,
  acts: 'element',
  purpose: 'upload',
  playwright: true,
  navigation: 'caused',
  // The files download one after another; then up to 50 MiB cross into the page.
  budget: (params) => params.files.length * FETCH_TIMEOUT_MS + ATTACH_TIMEOUT_MS,
  // The downloads go through the session's proxy, not the page: no effect of the action to wait for.
  prepare: (act, params, element) => fetchFor(act, element, params.files),
  run: async (_scope, _params, element, files) => {
    const input = await element.element();
    await perform('upload', () => input.setInputFiles(files, { timeout: ATTACH_TIMEOUT_MS }));
  },
});

/**
 * What a request of the session's browser carries that a server may check: its User-Agent (read
 * once per step) and its cookies for each URL asked for (redirects included).
 */
function sessionHeaders(act: Act): (url: string) => Promise<Record<string, string>> {
  const userAgent = inPage(act.page, 'userAgent');
  // Awaited by the first request; a failure before that must not go unhandled.
  userAgent.catch(() => undefined);
  return async (url) => {
    const cookie = (await act.page.context().cookies(url)).map(({ name, value }) => `${name}=${value}`).join('; ');
    return { 'user-agent': await userAgent, ...(cookie ? { cookie } : {}) };
  };
}

/** Checks that `element` is a file input taking that many files, and downloads them. */
async function fetchFor(act: Act, element: Located, urls: UploadParams['files']): Promise<FetchedFile[]> {
  const input = await perform('upload', async () => onElement(await element.element(), 'fileInput'));
  if (!input) throw new StepError('action_failed', 'upload needs an <input type="file"> element', { reason: 'not_a_file_input' });
  if (urls.length > 1 && !input.multiple) {
    throw new StepError('action_failed', `The file input takes one file; ${urls.length} were given`, {
      reason: 'single_file_input',
      files: urls.length,
    });
  }
  if (!act.network) throw new StepError('action_failed', 'upload needs the session\'s network path', { reason: 'download_failed' });
  return fetchFiles({ proxyUrl: act.network.proxyUrl, headers: sessionHeaders(act) }, urls, act.signal);
}
