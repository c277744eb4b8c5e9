// The building blocks of every request codec and their one reporter, in one import.
export * from './scalars.js';
export * from './objects.js';
export * from './report.js';
