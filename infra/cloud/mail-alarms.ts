/**
 * The e-mail alarms: the account's SES bounce rate at 2 % and complaint rate at 0.05 % (AWS metrics
 * `Reputation.BounceRate` / `Reputation.ComplaintRate`, fractions between 0 and 1, highest value in an
 * hour), well before the levels at which AWS reviews or pauses an account (5 % and 0.1 %); and any mail
 * of this stage's configuration set that SES could not render from its template or rejected (metrics
 * published by the configuration set's CloudWatch event destination, `mail.ts`).
 *
 * SES publishes these metrics in the region where it sends, and an alarm only watches its own region's
 * metrics: the alarms live in the shop's stack when SES is in its region, else in the mail stack
 * (`mail-stack.ts`), which has a topic of its own.
 */
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { ALARM_PERIOD, ALARM_THRESHOLDS, REPUTATION_PERIOD, type AlarmSpec } from './alarm-kit.ts';

/** The e-mail alarms of a stage, by construct id. */
export function mailAlarmSpecs(configurationSetName: string): { readonly id: string; readonly spec: AlarmSpec }[] {
  const reputation = (metricName: string) =>
    new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, statistic: cloudwatch.Stats.MAXIMUM, period: REPUTATION_PERIOD });
  const usingMetrics: Record<string, cloudwatch.IMetric> = {};
  for (const metricName of ['RenderingFailure', 'Reject']) {
    usingMetrics[metricName.toLowerCase()] = new cloudwatch.Metric({
      namespace: 'AWS/SES',
      metricName,
      dimensionsMap: { 'ses:configuration-set': configurationSetName },
      statistic: cloudwatch.Stats.SUM,
      period: ALARM_PERIOD,
    });
  }
  return [
    {
      id: 'MailBounceRate',
      spec: {
        name: 'E-mail bounce rate',
        description:
          'Too many shop e-mails bounce (addresses that do not exist). At 5 % AWS reviews the account and may stop its ' +
          'e-mail: the orders whose e-mail bounced say so at the top of the order page ("Devolvido" in its e-mail history); ' +
          'check how those addresses were typed. The rate is account-wide; at low volume a few bounces move it a lot.',
        metric: reputation('Reputation.BounceRate'),
        threshold: ALARM_THRESHOLDS.mailBounceRate,
      },
    },
    {
      id: 'MailComplaintRate',
      spec: {
        name: 'E-mail complaint rate',
        description:
          'Recipients mark shop e-mails as spam. At 0.1 % AWS reviews the account and may stop its e-mail: the orders concerned ' +
          'say so at the top of the order page ("Marcado como spam" in its e-mail history); check what was sent to them.',
        metric: reputation('Reputation.ComplaintRate'),
        threshold: ALARM_THRESHOLDS.mailComplaintRate,
      },
    },
    {
      id: 'MailSendFailures',
      spec: {
        name: 'E-mail send failures',
        description:
          `SES accepted a shop e-mail of configuration set ${configurationSetName} but did ` +
          `not send it (the template could not be rendered, or SES rejected the message).`,
        metric: new cloudwatch.MathExpression({
          expression: Object.keys(usingMetrics)
            .map((id) => `FILL(${id}, 0)`)
            .join(' + '),
          usingMetrics,
          period: ALARM_PERIOD,
          label: 'rendering failures + rejects',
        }),
        threshold: ALARM_THRESHOLDS.mailSendFailures,
      },
    },
  ];
}
