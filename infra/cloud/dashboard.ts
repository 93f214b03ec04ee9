/**
 * The operator's CloudWatch dashboard (`<stack>-<region>`), made by `Alarms` (`alarms.ts`) in its own
 * scope: the alarms' states, the API's answers, the business metrics (orders placed, reservations
 * expired, e-mails failed) and the errors of each function: 49 metrics, within the 50 of a free dashboard.
 */
import { Stack, type Duration } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { BUSINESS_METRICS } from '#lambdas/contracts/metrics.ts';
import { BASE_ENVIRONMENT, metricsNamespace } from './constructs/shop-function.ts';

/** The dashboard's name: dashboards are named per account, so it carries the stack and the region. */
export function dashboardName(stack: Stack): string {
  return `${stack.stackName}-${stack.region}`;
}

export interface DashboardProps {
  readonly httpApi: apigw.IHttpApi;
  /** The alarms whose states head the dashboard. */
  readonly alarms: readonly cloudwatch.IAlarm[];
  /** The period of every graph (the alarms'). */
  readonly period: Duration;
}

/** One dashboard with the signals the alarms watch, and the errors of each function. */
export function shopDashboard(scope: Construct, props: DashboardProps): cloudwatch.Dashboard {
  const stack = Stack.of(scope);
  const sum = { period: props.period, statistic: cloudwatch.Stats.SUM };
  const widgets: cloudwatch.IWidget[] = [
    new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: [...props.alarms], width: 24, height: 4 }),
    new cloudwatch.GraphWidget({
      title: 'API answers',
      left: [props.httpApi.metricCount(sum), props.httpApi.metricClientError(sum), props.httpApi.metricServerError(sum)],
      width: 12,
    }),
    new cloudwatch.GraphWidget({
      title: 'Orders placed, reservations expired, e-mails failed',
      left: Object.values(BUSINESS_METRICS).map(
        (metricName) =>
          new cloudwatch.Metric({
            namespace: metricsNamespace(stack),
            metricName,
            dimensionsMap: { service: BASE_ENVIRONMENT.POWERTOOLS_SERVICE_NAME },
            ...sum,
          }),
      ),
      width: 12,
    }),
    new cloudwatch.GraphWidget({
      title: 'Errors by function',
      // One search over the stack's functions (their names start with the stack's name) rather than a
      // metric per function: the free dashboard holds 50 metrics, and every new function would cost one.
      left: [
        new cloudwatch.SearchExpression({
          expression:
            `SEARCH('{AWS/Lambda,FunctionName} MetricName="Errors" ` +
            `FunctionName=${stack.stackName}', 'Sum', ${props.period.toSeconds()})`,
          label: '',
          period: props.period,
        }),
      ],
      legendPosition: cloudwatch.LegendPosition.RIGHT,
      width: 24,
      height: 8,
    }),
  ];
  return new cloudwatch.Dashboard(scope, 'Dashboard', { dashboardName: dashboardName(stack), widgets: [widgets] });
}
