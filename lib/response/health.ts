import { described, intAtLeast, named, oneOf, strictObject } from '../codec/index.js';

/** The answer of GET /health: 200 while the engine is up, 503 otherwise. */
export const healthCodec = named(
  strictObject(
    {
      status: described(oneOf(['ok', 'degraded']), 'ok while the browser engine is up.'),
      sessions: described(intAtLeast(0), 'Live sessions in this process.'),
    },
    { engine: described(oneOf(['up', 'down', 'restarting']), 'State of the browser engine.') },
  ),
  'Health',
);
