// Bootstrap, in every document of every frame before the page's own scripts (context.addInitScript):
// the click-listener hooks, which the walker reads to tell clickable elements (../walk/listeners.ts).
import { installHooks } from '../walk/listeners.js';

if (typeof window !== 'undefined') installHooks();
