/**
 * Setup file of the integration tests: the test workers get the same environment as the handlers in
 * the twin, so a test may also import a handler module or a repository directly.
 */
import { inject } from 'vitest';

Object.assign(process.env, inject('twin').env);
