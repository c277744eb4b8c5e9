// What every document of a session gets at its start (context.addInitScript), in every frame:
// the click-listener hooks, which must run before the page's own scripts. The walker itself
// (index.ts) is installed in the top document when it is first needed (lib/observe/bundle.ts):
// sent with every new page and compiled in every frame, its size was a tenth of a session's
// creation time.
import { installHooks } from './walk/listeners.js';

if (typeof window !== 'undefined') installHooks();
