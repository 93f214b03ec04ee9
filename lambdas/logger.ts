import { Logger } from '@aws-lambda-powertools/logger';

/** The service name of logs and metrics (POWERTOOLS_SERVICE_NAME, set by the stack). */
export const SERVICE_NAME = process.env.POWERTOOLS_SERVICE_NAME ?? 'joias-api';

/** One structured JSON logger per function instance. */
export const logger = new Logger({ serviceName: SERVICE_NAME });
