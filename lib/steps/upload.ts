import type * as t from 'io-ts';
import { arrayOf, urlWithScheme } from '../codec/index.js';
import { defineStep } from './define.js';
import { MAX_UPLOAD_FILES } from './limits.js';
import { targeted } from './targeting.js';
import { notAvailableYet } from './unavailable.js';

/** Parameters of upload: a file input and the http(s) URLs of the files to download and attach. */
export const uploadCodec = targeted({
  files: arrayOf(urlWithScheme(['http', 'https'], 'an http or https URL'), {
    min: 1,
    max: MAX_UPLOAD_FILES,
    name: `an array of 1 to ${MAX_UPLOAD_FILES} file URLs`,
  }),
});

/** Decoded upload parameters. */
export type UploadParams = t.TypeOf<typeof uploadCodec>;

/** The upload step. */
export const uploadStep = defineStep({ name: 'upload', codec: uploadCodec, run: notAvailableYet('upload') });
