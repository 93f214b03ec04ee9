/**
 * The real {@link AwsPort}: STS and CloudFormation speak the Query protocol (a form posted, XML back),
 * SSM and Service Quotas JSON 1.1, Lambda REST-JSON; each goes through a signed {@link Transport}. SES
 * goes through the installed `@aws-sdk/client-sesv2`. Every answer comes back in the shape the SDK would
 * give, every error answer as an {@link AwsCallError} named by AWS's error code.
 */
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { signedTransport, type HttpAnswer, type Transport } from './http.ts';
import {
  AwsCallError,
  type AwsPort,
  type EmailIdentityAnswer,
  type LambdaSettingsAnswer,
  type SesAccountAnswer,
  type StackOutputAnswer,
  type StacksAnswer,
} from './port.ts';

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return XML_ENTITIES[entity] ?? whole;
  });
}

/** The text of the first `<tag>` in `xml` (the answers read here are small and flat where they are read). */
export function xmlText(xml: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return match ? decodeXml(match[1]!.trim()) : undefined;
}

function xmlBlocks(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => match[1]!);
}

/** AWS's error code: the `x-amzn-errortype` header, else the body's `__type`/`code`, else the HTTP status. */
function jsonError(answer: HttpAnswer): AwsCallError {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(answer.body || '{}') as Record<string, unknown>;
  } catch {
    // An answer that is not JSON (a proxy, a load balancer) keeps its status as its code.
  }
  const fromHeader = answer.headers['x-amzn-errortype']?.split(':')[0];
  const fromBody = typeof body.__type === 'string' ? body.__type.split('#').pop() : typeof body.code === 'string' ? body.code : undefined;
  const message = [body.message, body.Message, body.errorMessage].find((m) => typeof m === 'string') as string | undefined;
  return new AwsCallError(fromHeader || fromBody || `Http${answer.status}`, message ?? answer.body.slice(0, 300), answer.status);
}

function queryError(answer: HttpAnswer): AwsCallError {
  return new AwsCallError(
    xmlText(answer.body, 'Code') ?? `Http${answer.status}`,
    xmlText(answer.body, 'Message') ?? answer.body.slice(0, 300),
    answer.status,
  );
}

/** One Query-protocol call (a form posted, XML back); an error answer throws its {@link AwsCallError}. */
export async function queryCall(transport: Transport, service: string, region: string, params: Record<string, string>): Promise<string> {
  const answer = await transport({
    service,
    region,
    method: 'POST',
    path: '/',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(params).toString(),
  });
  if (answer.status >= 300) throw queryError(answer);
  return answer.body;
}

async function jsonCall<T>(transport: Transport, service: string, region: string, target: string, input: object): Promise<T> {
  const answer = await transport({
    service,
    region,
    method: 'POST',
    path: '/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
    body: JSON.stringify(input),
  });
  if (answer.status >= 300) throw jsonError(answer);
  return (answer.body ? JSON.parse(answer.body) : {}) as T;
}

/** DescribeStacks of one stack: its name, status, termination protection and outputs (the only nested list read here). */
export function parseStacks(xml: string): StacksAnswer {
  return {
    Stacks: xmlBlocks(xml, 'Stacks').map((stack) => {
      const outputs: StackOutputAnswer[] = xmlBlocks(xmlBlocks(stack, 'Outputs')[0] ?? '', 'member').map((member) => ({
        OutputKey: xmlText(member, 'OutputKey'),
        OutputValue: xmlText(member, 'OutputValue'),
      }));
      const reason = xmlText(stack, 'StackStatusReason');
      const protection = xmlText(stack, 'EnableTerminationProtection');
      return {
        StackName: xmlText(stack, 'StackName'),
        StackStatus: xmlText(stack, 'StackStatus'),
        ...(reason ? { StackStatusReason: reason } : {}),
        ...(protection ? { EnableTerminationProtection: protection === 'true' } : {}),
        Outputs: outputs,
      };
    }),
  };
}

/** The part of the SESv2 client used here (a test hands recorded ones). */
export interface SesSender {
  send(command: GetAccountCommand | GetEmailIdentityCommand): Promise<object>;
  destroy(): void;
}

/** The port for the operator's `region`, with their credentials; `ses` makes the SESv2 client of a region. */
export function awsPort(
  region: string,
  deps: { readonly transport?: Transport; readonly ses?: (region: string) => SesSender } = {},
): AwsPort {
  const transport = deps.transport ?? signedTransport();
  const sesClients = new Map<string, SesSender>();
  const sesClient = (where: string): SesSender => {
    if (!sesClients.has(where)) sesClients.set(where, deps.ses?.(where) ?? new SESv2Client({ region: where }));
    return sesClients.get(where)!;
  };
  return {
    async getCallerIdentity() {
      const xml = await queryCall(transport, 'sts', region, { Action: 'GetCallerIdentity', Version: '2011-06-15' });
      return { Account: xmlText(xml, 'Account'), Arn: xmlText(xml, 'Arn'), UserId: xmlText(xml, 'UserId') };
    },
    getParameter: (where, name) => jsonCall(transport, 'ssm', where, 'AmazonSSM.GetParameter', { Name: name }),
    async describeStacks(where, stackName) {
      return parseStacks(
        await queryCall(transport, 'cloudformation', where, { Action: 'DescribeStacks', Version: '2010-05-15', StackName: stackName }),
      );
    },
    async describeType(where, typeName) {
      const xml = await queryCall(transport, 'cloudformation', where, {
        Action: 'DescribeType',
        Version: '2010-05-15',
        Type: 'RESOURCE',
        TypeName: typeName,
      });
      return { TypeName: xmlText(xml, 'TypeName'), Arn: xmlText(xml, 'Arn') };
    },
    async getAccountSettings() {
      const answer = await transport({ service: 'lambda', region, method: 'GET', path: '/2016-08-19/account-settings/' });
      if (answer.status >= 300) throw jsonError(answer);
      return JSON.parse(answer.body) as LambdaSettingsAnswer;
    },
    getServiceQuota: (ServiceCode, QuotaCode) =>
      jsonCall(transport, 'servicequotas', region, 'ServiceQuotasV20190624.GetServiceQuota', { ServiceCode, QuotaCode }),
    listQuotaRequests: (ServiceCode, QuotaCode) =>
      jsonCall(transport, 'servicequotas', region, 'ServiceQuotasV20190624.ListRequestedServiceQuotaChangeHistoryByQuota', {
        ServiceCode,
        QuotaCode,
      }),
    getSesAccount: async (where) => (await sesClient(where).send(new GetAccountCommand({}))) as SesAccountAnswer,
    getEmailIdentity: async (where, identity) =>
      (await sesClient(where).send(new GetEmailIdentityCommand({ EmailIdentity: identity }))) as EmailIdentityAnswer,
    close: () => sesClients.forEach((client) => client.destroy()),
  };
}
