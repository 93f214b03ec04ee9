/**
 * The real AWS port of `npm run preflight` against recorded HTTP answers: the signature (AWS's documented
 * Signature Version 4 example), the requests it sends (Query, JSON 1.1, REST), the XML and JSON answers and
 * error answers it reads, and a whole run over HTTP. Then the facts it keeps about the stack, against the
 * synthesized template: its resource types, the oldest bootstrap it deploys with, the default qualifier.
 */
import { GetAccountCommand, GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { SignatureV4 } from '@smithy/signature-v4';
import { DefaultStackSynthesizer } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { awsPort, type SesSender } from '#infra/ops/preflight/aws.ts';
import { MIN_BOOTSTRAP_VERSION } from '#infra/ops/preflight/checks/bootstrap.ts';
import { runPreflight } from '#infra/ops/preflight/command.ts';
import { hostOf, NodeSha256, signedTransport, type HttpAnswer, type HttpCall } from '#infra/ops/preflight/http.ts';
import { DEFAULT_QUALIFIER, type PreflightOptions } from '#infra/ops/preflight/options.ts';
import { AwsCallError } from '#infra/ops/preflight/port.ts';
import { SES_TYPES, shopRegionTypes, STACK_RESOURCE_TYPES } from '#infra/ops/preflight/regions.ts';
import { exitCodeOf } from '#infra/ops/preflight/report.ts';
import { removeScratch, synthMailStack, synthShop, SYNTH_TIMEOUT_MS, type Synthesized } from './support.ts';
import { RECORDED_CENSUS } from './recorded-census.ts';

const ACCOUNT = '123456789012';

/** The AWS resource types of a template, sorted. */
const awsTypes = (json: Synthesized['json']): string[] =>
  [...new Set(Object.values(json.Resources).map((resource) => resource.Type))].filter((typeName) => typeName.startsWith('AWS::')).sort();

/** Recorded HTTP answers of AWS, by service and action. */
const HTTP = {
  callerIdentity: `<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <GetCallerIdentityResult>
    <Arn>arn:aws:iam::${ACCOUNT}:user/dona</Arn>
    <UserId>AIDASAMPLEUSERID</UserId>
    <Account>${ACCOUNT}</Account>
  </GetCallerIdentityResult>
  <ResponseMetadata>
    <RequestId>4c9f2c6e-5b0a-4d3c-9a51-0d2b3f1e7a10</RequestId>
  </ResponseMetadata>
</GetCallerIdentityResponse>`,
  toolkitStack:
    `<DescribeStacksResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/">
  <DescribeStacksResult>
    <Stacks>
      <member>
        <Capabilities><member>CAPABILITY_NAMED_IAM</member></Capabilities>
        <StackId>arn:aws:cloudformation:eu-west-1:${ACCOUNT}:stack/CDKToolkit/1f2e3d4c-0000-11ef-9c2a-0a1b2c3d4e5f</StackId>
        <StackName>CDKToolkit</StackName>
        <Description>This stack includes resources needed to deploy AWS CDK apps into this environment</Description>
        <Parameters>
          <member><ParameterKey>Qualifier</ParameterKey><ParameterValue>hnb659fds</ParameterValue></member>
        </Parameters>
        <Outputs>
          <member><OutputKey>BucketName</OutputKey><OutputValue>cdk-hnb659fds-assets-${ACCOUNT}-eu-west-1</OutputValue></member>
          <member><Description>The version of the bootstrap resources that are currently mastered in this ` +
    `stack</Description><OutputKey>BootstrapVersion</OutputKey><OutputValue>27</OutputValue></member>
        </Outputs>
        <StackStatus>UPDATE_COMPLETE</StackStatus>
        <Tags/>
      </member>
    </Stacks>
  </DescribeStacksResult>
  <ResponseMetadata><RequestId>b5a1c1de-1111-4e5e-8f00-3c2d1b0a9f8e</RequestId></ResponseMetadata>
</DescribeStacksResponse>`,
  noStack: `<ErrorResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/">
  <Error>
    <Type>Sender</Type>
    <Code>ValidationError</Code>
    <Message>Stack with id CDKToolkit does not exist</Message>
  </Error>
  <RequestId>0d3e6f7a-2222-4b4b-8c8c-1a2b3c4d5e6f</RequestId>
</ErrorResponse>`,
  type: (name: string) => `<DescribeTypeResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/">
  <DescribeTypeResult>
    <Arn>arn:aws:cloudformation:eu-west-1::type/resource/${name.replaceAll('::', '-')}</Arn>
    <TypeName>${name}</TypeName>
    <Type>RESOURCE</Type>
    <Visibility>PUBLIC</Visibility>
    <Schema>{&quot;typeName&quot;:&quot;${name}&quot;,&quot;properties&quot;:{}}</Schema>
  </DescribeTypeResult>
  <ResponseMetadata><RequestId>9e8d7c6b-3333-4a4a-9b9b-2b3c4d5e6f70</RequestId></ResponseMetadata>
</DescribeTypeResponse>`,
  noType: (name: string) => `<ErrorResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/">
  <Error><Type>Sender</Type><Code>TypeNotFoundException</Code><Message>The type '${name}' cannot be found.</Message></Error>
  <RequestId>7f6e5d4c-4444-4c4c-8d8d-3c4d5e6f7081</RequestId>
</ErrorResponse>`,
  parameter: JSON.stringify({
    Parameter: {
      ARN: `arn:aws:ssm:eu-west-1:${ACCOUNT}:parameter/cdk-bootstrap/hnb659fds/version`,
      DataType: 'text',
      LastModifiedDate: 1.764e9,
      Name: '/cdk-bootstrap/hnb659fds/version',
      Type: 'String',
      Value: '27',
      Version: 4,
    },
  }),
  accountSettings: JSON.stringify({
    AccountLimit: {
      CodeSizeUnzipped: 262144000,
      CodeSizeZipped: 52428800,
      ConcurrentExecutions: 10,
      TotalCodeSize: 80530636800,
      UnreservedConcurrentExecutions: 10,
    },
    AccountUsage: { FunctionCount: 0, TotalCodeSize: 0 },
  }),
  quota: JSON.stringify({
    Quota: {
      Adjustable: true,
      GlobalQuota: false,
      QuotaArn: `arn:aws:servicequotas:eu-west-1:${ACCOUNT}:lambda/L-B99A9384`,
      QuotaCode: 'L-B99A9384',
      QuotaName: 'Concurrent executions',
      ServiceCode: 'lambda',
      ServiceName: 'AWS Lambda',
      Unit: 'None',
      Value: 10.0,
    },
  }),
  requests: JSON.stringify({ RequestedQuotas: [] }),
};

const ok = (body: string, headers: Record<string, string> = {}): HttpAnswer => ({
  status: 200,
  headers: { 'x-amzn-requestid': 'r', ...headers },
  body,
});
const failed = (status: number, body: string, headers: Record<string, string> = {}): HttpAnswer => ({
  status,
  headers: { 'x-amzn-requestid': 'r', ...headers },
  body,
});

/** Which action a call is: the Query form's Action, the JSON target, or the REST path. */
function actionOf(call: HttpCall): string {
  if (call.headers?.['x-amz-target']) return call.headers['x-amz-target'].split('.').pop()!;
  if (call.body?.startsWith('Action=')) return new URLSearchParams(call.body).get('Action')!;
  return `${call.method} ${call.path}`;
}

/** A transport answering from recorded answers, recording each call. */
function recordedTransport(answer: (action: string, call: HttpCall) => HttpAnswer) {
  const calls: HttpCall[] = [];
  return {
    calls,
    transport: async (call: HttpCall) => {
      calls.push(call);
      return answer(actionOf(call), call);
    },
  };
}

/** A new account as its HTTP answers: no bootstrap, Lambda at 10, SES type known. */
function newAccount(action: string, call: HttpCall): HttpAnswer {
  const form = new URLSearchParams(call.body ?? '');
  if (action === 'GetCallerIdentity') return ok(HTTP.callerIdentity, { 'content-type': 'text/xml' });
  if (action === 'DescribeStacks') return failed(400, HTTP.noStack, { 'content-type': 'text/xml' });
  if (action === 'DescribeType') return ok(HTTP.type(form.get('TypeName')!), { 'content-type': 'text/xml' });
  if (action === 'GetParameter')
    return failed(400, JSON.stringify({ __type: 'ParameterNotFound' }), { 'content-type': 'application/x-amz-json-1.1' });
  if (action === 'GET /2016-08-19/account-settings/') return ok(HTTP.accountSettings, { 'content-type': 'application/json' });
  if (action === 'GetServiceQuota') return ok(HTTP.quota);
  if (action === 'ListRequestedServiceQuotaChangeHistoryByQuota') return ok(HTTP.requests);
  throw new Error(`unexpected ${action}`);
}

/** SES's recorded answers through the SDK client's `send`. */
function recordedSes(account: object, identity: object | Error) {
  const sent: { name: string; input: unknown }[] = [];
  let destroyed = false;
  const ses: SesSender = {
    async send(command) {
      sent.push({ name: command.constructor.name, input: command.input });
      if (command instanceof GetAccountCommand) return { $metadata: { httpStatusCode: 200 }, ...account };
      if (command instanceof GetEmailIdentityCommand) {
        if (identity instanceof Error) throw identity;
        return { $metadata: { httpStatusCode: 200 }, ...identity };
      }
      throw new Error('unexpected SES command');
    },
    destroy: () => {
      destroyed = true;
    },
  };
  return { ses, sent, destroyed: () => destroyed };
}

describe('signing', () => {
  it("reproduces AWS's documented Signature Version 4 example with node:crypto's SHA-256", async () => {
    // "Create a signed AWS API request": GET iam ListUsers on 2015-08-30T12:36:00Z with the example keys.
    const signer = new SignatureV4({
      service: 'iam',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
      sha256: NodeSha256,
    });
    const signed = await signer.sign(
      {
        method: 'GET',
        protocol: 'https:',
        hostname: 'iam.amazonaws.com',
        path: '/',
        query: { Action: 'ListUsers', Version: '2010-05-08' },
        headers: { host: 'iam.amazonaws.com', 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      },
      { signingDate: new Date('2015-08-30T12:36:00Z'), unsignableHeaders: new Set(['x-amz-content-sha256']) },
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, ' +
        'SignedHeaders=content-type;host;x-amz-date, Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
    );
  });

  it('signs each call for its service and region, sends it to its host, and names the host that did not answer', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const fetchStub = (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response('<x/>', { status: 200, headers: { 'x-amzn-RequestId': 'r', 'Content-Type': 'text/xml' } });
    }) as unknown as typeof fetch;
    const transport = signedTransport(
      async () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' }),
      fetchStub,
    );
    const answer = await transport({
      service: 'sts',
      region: 'eu-south-2',
      method: 'POST',
      path: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: 'Action=GetCallerIdentity&Version=2011-06-15',
    });
    expect(answer).toEqual({ status: 200, headers: { 'x-amzn-requestid': 'r', 'content-type': 'text/xml' }, body: '<x/>' });
    expect(sent[0]!.url).toBe('https://sts.eu-south-2.amazonaws.com/');
    const headers = sent[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toMatch(
      new RegExp(
        String.raw`^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-south-2\/sts\/aws4_request, ` +
          String.raw`SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$`,
      ),
    );
    expect(headers['x-amz-security-token']).toBe('token');
    expect(headers.host).toBeUndefined();
    expect(hostOf('lambda', 'cn-north-1')).toBe('lambda.cn-north-1.amazonaws.com.cn');

    const offline = signedTransport(async () => ({ accessKeyId: 'a', secretAccessKey: 'b' }), (async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }) });
    }) as unknown as typeof fetch);
    const failure = await offline({ service: 'lambda', region: 'eu-west-9', method: 'GET', path: '/' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AwsCallError);
    expect(failure).toMatchObject({
      name: 'NetworkError',
      host: 'lambda.eu-west-9.amazonaws.com',
      message: 'No answer from lambda.eu-west-9.amazonaws.com (ENOTFOUND)',
    });

    const noCredentials = signedTransport(async () => {
      throw Object.assign(new Error('Could not load credentials from any providers'), { name: 'CredentialsProviderError' });
    }, fetchStub);
    await expect(noCredentials({ service: 'sts', region: 'eu-west-1', method: 'POST', path: '/' })).rejects.toMatchObject({
      name: 'CredentialsProviderError',
    });
  });
});

describe('the real port (recorded HTTP answers)', () => {
  it('sends each action in its protocol and reads its answer in the shape the SDK gives', async () => {
    const { transport, calls } = recordedTransport((action, call) =>
      action === 'DescribeStacks' ? ok(HTTP.toolkitStack) : action === 'GetParameter' ? ok(HTTP.parameter) : newAccount(action, call),
    );
    const aws = awsPort('eu-west-1', { transport, ses: () => recordedSes({}, {}).ses });
    expect(await aws.getCallerIdentity()).toEqual({
      Account: ACCOUNT,
      Arn: `arn:aws:iam::${ACCOUNT}:user/dona`,
      UserId: 'AIDASAMPLEUSERID',
    });
    expect(await aws.describeStacks('us-east-1', 'CDKToolkit')).toEqual({
      Stacks: [
        {
          StackName: 'CDKToolkit',
          StackStatus: 'UPDATE_COMPLETE',
          Outputs: [
            { OutputKey: 'BucketName', OutputValue: `cdk-hnb659fds-assets-${ACCOUNT}-eu-west-1` },
            { OutputKey: 'BootstrapVersion', OutputValue: '27' },
          ],
        },
      ],
    });
    expect(await aws.getParameter('us-east-1', '/cdk-bootstrap/hnb659fds/version')).toMatchObject({
      Parameter: { Value: '27', Version: 4 },
    });
    expect(await aws.describeType('eu-central-1', 'AWS::SES::EmailIdentity')).toEqual({
      TypeName: 'AWS::SES::EmailIdentity',
      Arn: 'arn:aws:cloudformation:eu-west-1::type/resource/AWS-SES-EmailIdentity',
    });
    expect(await aws.getAccountSettings()).toMatchObject({
      AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 },
    });
    expect(await aws.getServiceQuota('lambda', 'L-B99A9384')).toMatchObject({ Quota: { QuotaCode: 'L-B99A9384', Value: 10 } });
    expect(await aws.listQuotaRequests('lambda', 'L-B99A9384')).toEqual({ RequestedQuotas: [] });

    const request = (action: string) => calls.find((call) => actionOf(call) === action)!;
    expect(request('GetCallerIdentity')).toMatchObject({
      service: 'sts',
      region: 'eu-west-1',
      method: 'POST',
      body: 'Action=GetCallerIdentity&Version=2011-06-15',
    });
    expect(request('DescribeStacks')).toMatchObject({
      service: 'cloudformation',
      region: 'us-east-1',
      body: 'Action=DescribeStacks&Version=2010-05-15&StackName=CDKToolkit',
    });
    expect(request('DescribeType')).toMatchObject({
      service: 'cloudformation',
      region: 'eu-central-1',
      body: 'Action=DescribeType&Version=2010-05-15&Type=RESOURCE&TypeName=AWS%3A%3ASES%3A%3AEmailIdentity',
    });
    expect(request('GetParameter')).toMatchObject({
      service: 'ssm',
      region: 'us-east-1',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AmazonSSM.GetParameter' },
      body: '{"Name":"/cdk-bootstrap/hnb659fds/version"}',
    });
    expect(request('GET /2016-08-19/account-settings/')).toMatchObject({ service: 'lambda', region: 'eu-west-1' });
    expect(request('GetServiceQuota')).toMatchObject({
      service: 'servicequotas',
      headers: { 'x-amz-target': 'ServiceQuotasV20190624.GetServiceQuota' },
      body: '{"ServiceCode":"lambda","QuotaCode":"L-B99A9384"}',
    });
  });

  it("turns AWS's error answers into errors named by AWS's code", async () => {
    const { transport } = recordedTransport((action, call) => {
      if (action === 'DescribeType') return failed(404, HTTP.noType('AWS::SES::EmailIdentity'));
      if (action === 'GET /2016-08-19/account-settings/') {
        return failed(
          403,
          JSON.stringify({ Message: `User: arn:aws:iam::${ACCOUNT}:user/dona is not authorized to perform: lambda:GetAccountSettings` }),
          { 'x-amzn-errortype': 'AccessDeniedException:http://internal.amazon.com/coral/com.amazon.coral.service/' },
        );
      }
      if (action === 'GetServiceQuota')
        return failed(
          400,
          JSON.stringify({
            __type: 'com.amazonaws.servicequotas#NoSuchResourceException',
            Message: 'The request failed because the specified service quota does not exist.',
          }),
        );
      if (action === 'ListRequestedServiceQuotaChangeHistoryByQuota') return failed(502, '<html>Bad Gateway</html>');
      return newAccount(action, call);
    });
    const aws = awsPort('eu-west-1', { transport });
    await expect(aws.describeStacks('eu-west-1', 'CDKToolkit')).rejects.toMatchObject({
      name: 'ValidationError',
      message: 'Stack with id CDKToolkit does not exist',
      status: 400,
    });
    await expect(aws.describeType('eu-west-1', 'AWS::SES::EmailIdentity')).rejects.toMatchObject({
      name: 'TypeNotFoundException',
      message: "The type 'AWS::SES::EmailIdentity' cannot be found.",
    });
    await expect(aws.getParameter('eu-west-1', '/cdk-bootstrap/hnb659fds/version')).rejects.toMatchObject({ name: 'ParameterNotFound' });
    await expect(aws.getAccountSettings()).rejects.toMatchObject({
      name: 'AccessDeniedException',
      status: 403,
      message: expect.stringContaining('lambda:GetAccountSettings'),
    });
    await expect(aws.getServiceQuota('lambda', 'L-B99A9384')).rejects.toMatchObject({ name: 'NoSuchResourceException' });
    await expect(aws.listQuotaRequests('lambda', 'L-B99A9384')).rejects.toMatchObject({
      name: 'Http502',
      message: '<html>Bad Gateway</html>',
    });
  });

  it('asks SES through one SESv2 client per region, and closes them', async () => {
    const clients = new Map<string, ReturnType<typeof recordedSes>>();
    const aws = awsPort('eu-south-2', {
      transport: async () => failed(500, ''),
      ses: (region) => {
        const recorded = recordedSes(
          { ProductionAccessEnabled: region === 'eu-west-1', SendingEnabled: true },
          { VerifiedForSendingStatus: true },
        );
        clients.set(region, recorded);
        return recorded.ses;
      },
    });
    expect(await aws.getSesAccount('eu-west-1')).toMatchObject({ ProductionAccessEnabled: true });
    expect(await aws.getEmailIdentity('eu-west-1', 'joias.pt')).toMatchObject({ VerifiedForSendingStatus: true });
    expect(await aws.getSesAccount('eu-west-3')).toMatchObject({ ProductionAccessEnabled: false });
    expect([...clients.keys()]).toEqual(['eu-west-1', 'eu-west-3']);
    expect(clients.get('eu-west-1')!.sent).toEqual([
      { name: 'GetAccountCommand', input: {} },
      { name: 'GetEmailIdentityCommand', input: { EmailIdentity: 'joias.pt' } },
    ]);
    aws.close!();
    expect([...clients.values()].every((client) => client.destroyed())).toBe(true);
  });

  it('a whole run over HTTP: a new account has two blockers and a warning, and exits 1', async () => {
    const { transport, calls } = recordedTransport(newAccount);
    const ses = recordedSes(
      {
        ProductionAccessEnabled: false,
        SendingEnabled: true,
        EnforcementStatus: 'HEALTHY',
        SendQuota: { Max24HourSend: 200, MaxSendRate: 1 },
      },
      Object.assign(new Error('Email identity loja@joias.pt does not exist.'), { name: 'NotFoundException' }),
    );
    const options: PreflightOptions = {
      stage: 'prod',
      stackName: 'JoiasInox-prod',
      region: 'eu-west-1',
      sesRegion: 'eu-west-1',
      budget: true,
      monthlyBudgetUsd: 10,
      lang: 'pt',
      json: false,
      waf: false,
      qualifier: 'hnb659fds',
      context: [],
      senderEmail: 'loja@joias.pt',
    };
    const lines: string[] = [];
    const report = await runPreflight(options, {
      aws: awsPort('eu-west-1', { transport, ses: () => ses.ses }),
      log: (line) => lines.push(line),
      census: async () => RECORDED_CENSUS,
    });
    expect(Object.fromEntries(report.findings.map((f) => [f.id, f.status]))).toEqual({
      account: 'ok',
      'region-services': 'ok',
      bootstrap: 'blocker',
      'lambda-concurrency': 'blocker',
      'ses-account': 'warning',
      'ses-sender': 'ok',
      budget: 'ok',
      'cloudfront-flat-rate': 'info',
    });
    expect(exitCodeOf(report)).toBe(1);
    expect(calls.filter((call) => actionOf(call) === 'DescribeType')).toHaveLength(STACK_RESOURCE_TYPES.length);
    expect(lines.join('\n')).toContain(`npx cdk bootstrap aws://${ACCOUNT}/eu-west-1`);
  });
});

describe('what the preflight knows about the stack, against the synthesized template', () => {
  afterAll(removeScratch);

  it(
    'asks about every AWS resource type of the stack, knows its oldest bootstrap and the default qualifier',
    () => {
      const { json } = synthShop({ operatorEmail: 'dona@joias.test', senderDomain: 'joias.test', senderEmail: 'loja@joias.test' });
      expect([...STACK_RESOURCE_TYPES].sort()).toEqual(awsTypes(json));
      const rule = (json as unknown as { Rules: Record<string, { Assertions: { AssertDescription: string }[] }> }).Rules
        .CheckBootstrapVersion!;
      expect(rule.Assertions[0]!.AssertDescription).toMatch(new RegExp(`version ${MIN_BOOTSTRAP_VERSION} required`));
      expect(DefaultStackSynthesizer.DEFAULT_QUALIFIER).toBe(DEFAULT_QUALIFIER);
    },
    SYNTH_TIMEOUT_MS,
  );

  it(
    'in Spain asks exactly what the shop stack creates there, and SES where the mail stack is',
    () => {
      const madrid = synthShop({ env: { region: 'eu-south-2' }, sesRegion: 'eu-west-1', budget: false, operatorEmail: 'dona@joias.test' });
      expect(shopRegionTypes({ region: 'eu-south-2', sesRegion: 'eu-west-1', budget: false }).sort()).toEqual(awsTypes(madrid.json));
      const mail = synthMailStack({ region: 'eu-west-1', operatorEmail: 'dona@joias.test' });
      expect(awsTypes(mail.json).filter((typeName) => typeName.startsWith('AWS::SES::'))).toEqual([...SES_TYPES].sort());
    },
    SYNTH_TIMEOUT_MS,
  );
});
