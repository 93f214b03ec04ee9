/**
 * The shop's business metrics (Powertools Metrics): each count is written at once as one line of
 * CloudWatch's embedded metric format in the function's log, which CloudWatch turns into a metric
 * (no API call, no extra permission). Namespace `JoiasInox/<stack>` (`POWERTOOLS_METRICS_NAMESPACE`,
 * set by the stack for every function), dimension `service` (`POWERTOOLS_SERVICE_NAME`). The twin runs
 * the same calls with the output switched off (`POWERTOOLS_METRICS_DISABLED`), so its console stays
 * readable.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { type BusinessMetric } from './contracts/metrics.ts';
import { SERVICE_NAME } from './logger.ts';

export { BUSINESS_METRICS } from './contracts/metrics.ts';

let metrics: Metrics | undefined;

/** Counts `count` occurrences of `name`, written at once (nothing to flush at the end of the call). */
export function countEvent(name: BusinessMetric, count = 1): void {
  if (count <= 0) return;
  metrics ??= new Metrics({ serviceName: SERVICE_NAME });
  metrics.singleMetric().addMetric(name, MetricUnit.Count, count);
}
