// The building blocks of every request codec, their reporter and their JSON Schema walker, in one import.
export * from './scalars.js';
export * from './objects.js';
export * from './report.js';
export * from './schema.js';
export * from './tagged.js';
