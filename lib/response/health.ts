import { described, intAtLeast, named, oneOf, strictObject } from '../codec/index.js';

/** The answer of GET /health: 200 while the engine is up, 503 while it is down or relaunching. */
export const healthCodec = named(
  strictObject({
    status: described(oneOf(['ok', 'unavailable']), 'ok while the browser engine is up (200); unavailable otherwise (503).'),
    engine: described(
      oneOf(['up', 'down', 'restarting']),
      'The browser engine: up; restarting while a relaunch is under way; down while it waits for the next attempt.',
    ),
    sessions: described(intAtLeast(0), 'Live sessions in this process.'),
  }),
  'Health',
);
