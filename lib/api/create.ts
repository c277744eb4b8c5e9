import type * as t from 'io-ts';
import { described, intRange, oneOf, strictObject, withDefault } from '../contract/codec/index.js';
import { settingsFields, withDeviceDefaults } from '../contract/request/settings.js';
import { pageUrl } from '../contract/text.js';
import { profileOptionCodec } from '../contract/request/profile.js';
import { webhookUrlCodec } from '../contract/request/webhook.js';
import { stepsCodec } from './steps-array.js';

/** The body of POST /v1/sessions (contract 4.1, 8.1), every default applied: the session's own fields and its browser settings. */
export const createBodyCodec = withDeviceDefaults(strictObject(
  {
    timeout: described(
      withDefault(intRange(10, 1800), 300),
      'Session lifetime in seconds, counted from creation; at most the plan\'s maximum session length.',
    ),
    ...settingsFields.required,
    page: described(
      withDefault(oneOf(['full', 'light']), 'full'),
      'full: every answer observes the page; light: answers carry only url, title and scroll (an observe step as the last step still answers in full).',
    ),
  },
  {
    url: described(pageUrl, 'A URL to open once the session is created (http or https, with its scheme).'),
    steps: described(stepsCodec(0), 'Steps run after url, in order (the first one should be goto when there is no url). close may only be last.'),
    ...settingsFields.optional,
    profile: profileOptionCodec,
    webhook_url: webhookUrlCodec,
  },
  'a JSON object',
));

/** A decoded create body. */
export type CreateBody = t.TypeOf<typeof createBodyCodec>;
