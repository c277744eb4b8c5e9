import { StepError } from '../errors.js';

/** The `run` of a step whose codec ships before its behaviour: it fails as an invalid request. */
export function notAvailableYet(name: string): () => Promise<never> {
  return () =>
    Promise.reject(
      new StepError('invalid_request', `The ${name} step is not available yet in this version`, {
        path: 'steps',
        expected: 'an available step type',
      }),
    );
}
