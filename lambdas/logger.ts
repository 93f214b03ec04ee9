import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger per function instance (service name from POWERTOOLS_SERVICE_NAME). */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'joias-api' });
