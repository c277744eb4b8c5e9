import { boolean, described, intAtLeast, named, nullable, oneOf, strictObject } from '../codec/index.js';

/** The machine's memory as /health shows it: what can still be had, and what creates keep free. */
const memoryCodec = named(
  strictObject({
    available_mb: described(
      nullable(intAtLeast(0)),
      'Megabytes of memory the machine can still give now (MemAvailable, or less under a cgroup memory limit); null where the system does not say.',
    ),
    min_free_mb: described(intAtLeast(0), 'What is kept free (TABWRIGHT_MIN_FREE_MEMORY_MB): below it a create answers 503 engine_unavailable; 0 when the check is off.'),
    low: described(boolean, 'True while creates are refused for memory; acts of live sessions still run.'),
  }),
  'HealthMemory',
);

/** The answer of GET /health: 200 while the engine is up, 503 while it is down or relaunching. */
export const healthCodec = named(
  strictObject({
    status: described(oneOf(['ok', 'unavailable']), 'ok while the browser engine is up (200); unavailable otherwise (503).'),
    engine: described(
      oneOf(['up', 'down', 'restarting']),
      'The browser engine: up; restarting while a relaunch is under way; down while it waits for the next attempt.',
    ),
    sessions: described(intAtLeast(0), 'Live sessions in this process.'),
    memory: memoryCodec,
  }),
  'Health',
);
