/**
 * Signed HTTPS calls to AWS for the services whose SDK clients this project does not install (STS,
 * CloudFormation, SSM, Lambda, Service Quotas): Signature Version 4 by `@smithy/signature-v4`, the
 * credentials by the AWS SDK's usual chain (`@aws-sdk/credential-provider-node`: `AWS_PROFILE`,
 * `aws sso login`, the environment, ...), SHA-256 by `node:crypto`, the request by `fetch`.
 */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, Checksum, SourceData } from '@smithy/types';
import { AwsCallError } from './port.ts';

/** One HTTPS request to an AWS service (`https://<service>.<region>.amazonaws.com<path>`). */
export interface HttpCall {
  /** The endpoint prefix, which is also the signing name for every service called here. */
  readonly service: string;
  readonly region: string;
  readonly method: 'GET' | 'POST' | 'PUT';
  /** A global service's own host (CloudFront: `cloudfront.amazonaws.com`, signed for us-east-1); else {@link hostOf}. */
  readonly host?: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface HttpAnswer {
  readonly status: number;
  /** Header names in lowercase. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Sends a call and returns AWS's answer, whatever its status; throws only when no answer came. */
export type Transport = (call: HttpCall) => Promise<HttpAnswer>;

/** The host of a service in a region (China's regions have their own domain). */
export function hostOf(service: string, region: string): string {
  return `${service}.${region}.${region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com'}`;
}

const bytes = (data: SourceData): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data, 'utf8')
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** SHA-256 (and HMAC-SHA-256 with a secret) for the signer, from `node:crypto`. */
export class NodeSha256 implements Checksum {
  private hash: Hash | Hmac;

  constructor(private readonly secret?: SourceData) {
    this.hash = this.fresh();
  }

  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(this.secret));
  }

  update(chunk: Uint8Array): void {
    this.hash.update(bytes(chunk));
  }

  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }

  reset(): void {
    this.hash = this.fresh();
  }
}

export type CredentialSource = () => Promise<AwsCredentialIdentity>;

/**
 * The real transport: resolves the credentials once (a missing or broken profile throws the SDK's
 * `CredentialsProviderError`), signs each call and sends it, at most `timeoutMs` long. A call that gets no
 * answer (an unknown host, no network) throws an {@link AwsCallError} `NetworkError` naming the host.
 */
export function signedTransport(
  credentials: CredentialSource = defaultProvider(),
  send: typeof fetch = fetch,
  timeoutMs = 15_000,
): Transport {
  let resolved: Promise<AwsCredentialIdentity> | undefined;
  return async (call) => {
    resolved ??= credentials();
    const identity = await resolved;
    const hostname = call.host ?? hostOf(call.service, call.region);
    const signer = new SignatureV4({ service: call.service, region: call.region, credentials: identity, sha256: NodeSha256 });
    const signed = await signer.sign({
      method: call.method,
      protocol: 'https:',
      hostname,
      path: call.path,
      headers: { host: hostname, ...call.headers },
      ...(call.body !== undefined ? { body: call.body } : {}),
    });
    const { host: _host, ...headers } = signed.headers;
    let response: Response;
    try {
      response = await send(`https://${hostname}${call.path}`, {
        method: call.method,
        headers,
        ...(call.body !== undefined ? { body: call.body } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      const reason = cause?.code ?? (error as Error).name;
      throw new AwsCallError('NetworkError', `No answer from ${hostname} (${reason})`, undefined, hostname);
    }
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => (answerHeaders[name.toLowerCase()] = value));
    return { status: response.status, headers: answerHeaders, body: await response.text() };
  };
}
