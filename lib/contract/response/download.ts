import type { TypeOf } from 'io-ts';
import { arrayOf, boolean, described, intAtLeast, matching, named, string, strictObject } from '../codec/index.js';

/** A download's id: `dl_` and 24 characters, made by the service (never a name from the page). */
export const DOWNLOAD_ID_PATTERN = '^dl_[0-9a-z]{24}$';

/** True for text shaped like a download id: the only thing that ever becomes a download's file name. */
export const isDownloadId = (text: string): boolean => new RegExp(DOWNLOAD_ID_PATTERN).test(text);

/** How long a session's downloads stay readable after it ended; then they are deleted. */
export const DOWNLOAD_RETENTION_MS = 24 * 60 * 60 * 1000;

/** The most downloads one session keeps (and lists): a page that starts more has them cut. */
export const MAX_DOWNLOADS_PER_SESSION = 100;

/** The longest file name a download keeps, in characters. */
export const MAX_DOWNLOAD_NAME_LENGTH = 200;

/** The longest `url` a download keeps: a longer one is cut (a data: URL is never kept whole). */
export const MAX_DOWNLOAD_URL_LENGTH = 2_000;

/** Why a download was cut (the journal's download.cut). */
export const DOWNLOAD_CUT_REASONS = ['file_too_large', 'session_bytes', 'too_many', 'failed', 'session_ended'] as const;

/** Why a download was cut. */
export type DownloadCutReason = (typeof DOWNLOAD_CUT_REASONS)[number];

/** One file the session's pages downloaded (the envelope's `downloads`, GET /v1/sessions/{id}/downloads). */
export const downloadItemCodec = named(
  strictObject({
    id: described(matching('a download id', DOWNLOAD_ID_PATTERN), 'Its id: GET /v1/sessions/{id}/downloads/{download_id} streams the file.'),
    name: described(
      string,
      `Its file name: from the response's Content-Disposition, else the page's download attribute, else the URL; made safe (no folders, no control or direction characters, at most ${MAX_DOWNLOAD_NAME_LENGTH} characters).`,
    ),
    mime: described(string, 'Its media type: the response\'s Content-Type, else guessed from the name (application/octet-stream when unknown).'),
    bytes: described(intAtLeast(0), 'Bytes received so far (the whole file when complete).'),
    url: described(
      string,
      `Where it came from (user:password@ redacted; a blob: URL as blob: and its origin, a data: URL as data: and its type only; at most ${MAX_DOWNLOAD_URL_LENGTH} characters).`,
    ),
    complete: described(
      boolean,
      'True once the whole file is kept and can be fetched; false while it arrives, or when it was cut (over the plan\'s size or count, failed, or the session ended first: the journal says why).',
    ),
  }),
  'Download',
);

/** One download, typed from its codec. */
export type DownloadItem = TypeOf<typeof downloadItemCodec>;

/** The session's downloads so far, oldest first: the envelope's `downloads` and the list's body. */
export const downloadListCodec = described(
  arrayOf(downloadItemCodec, { name: 'downloads', max: MAX_DOWNLOADS_PER_SESSION }),
  `Files the session's pages downloaded so far, oldest first (at most ${MAX_DOWNLOADS_PER_SESSION}); empty when none.`,
);

/** The answer of GET /v1/sessions/{id}/downloads. */
export const downloadsAnswerCodec = named(
  strictObject({
    session_id: described(matching('a session id', '^ses_[0-9a-z_]+$'), 'The session.'),
    downloads: downloadListCodec,
  }),
  'DownloadList',
);
