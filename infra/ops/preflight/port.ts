/**
 * The AWS calls `npm run preflight` makes, as a port: `aws.ts` makes them for real (signed HTTP, and the
 * SESv2 client), the tests answer them from recorded AWS answers. Every answer has the shape AWS documents
 * for the action (the SDK's output shape), and every failure is an error whose `name` is AWS's error code,
 * as the SDK throws them. All of them only read.
 */

export interface CallerIdentityAnswer {
  readonly Account?: string;
  readonly Arn?: string;
  readonly UserId?: string;
}

export interface ParameterAnswer {
  readonly Parameter?: { readonly Name?: string; readonly Value?: string; readonly Version?: number };
}

export interface StackOutputAnswer {
  readonly OutputKey?: string;
  readonly OutputValue?: string;
}

export interface StacksAnswer {
  readonly Stacks?: readonly {
    readonly StackName?: string;
    readonly StackStatus?: string;
    readonly StackStatusReason?: string;
    readonly EnableTerminationProtection?: boolean;
    readonly Outputs?: readonly StackOutputAnswer[];
  }[];
}

export interface TypeAnswer {
  readonly TypeName?: string;
  readonly Arn?: string;
}

export interface LambdaSettingsAnswer {
  readonly AccountLimit?: { readonly ConcurrentExecutions?: number; readonly UnreservedConcurrentExecutions?: number };
  readonly AccountUsage?: { readonly FunctionCount?: number };
}

export interface QuotaAnswer {
  readonly Quota?: {
    readonly ServiceCode?: string;
    readonly QuotaCode?: string;
    readonly QuotaName?: string;
    readonly Value?: number;
    readonly Adjustable?: boolean;
  };
}

export interface QuotaRequestsAnswer {
  readonly RequestedQuotas?: readonly {
    readonly Id?: string;
    readonly CaseId?: string;
    readonly DesiredValue?: number;
    readonly Status?: string;
  }[];
}

export interface SesAccountAnswer {
  readonly ProductionAccessEnabled?: boolean;
  readonly SendingEnabled?: boolean;
  /** HEALTHY, PROBATION or SHUTDOWN. */
  readonly EnforcementStatus?: string;
  readonly SendQuota?: { readonly Max24HourSend?: number; readonly MaxSendRate?: number; readonly SentLast24Hours?: number };
  /** The request for production access: PENDING, FAILED, GRANTED or DENIED. */
  readonly Details?: { readonly ReviewDetails?: { readonly Status?: string; readonly CaseId?: string } };
}

export interface EmailIdentityAnswer {
  /** EMAIL_ADDRESS or DOMAIN. */
  readonly IdentityType?: string;
  readonly VerifiedForSendingStatus?: boolean;
  /** PENDING, SUCCESS, FAILED, TEMPORARY_FAILURE or NOT_STARTED. */
  readonly VerificationStatus?: string;
  readonly DkimAttributes?: { readonly Status?: string };
  readonly MailFromAttributes?: { readonly MailFromDomainStatus?: string };
}

/** The calls, in the operator's region unless one is named. */
export interface AwsPort {
  getCallerIdentity(): Promise<CallerIdentityAnswer>;
  getParameter(region: string, name: string): Promise<ParameterAnswer>;
  describeStacks(region: string, stackName: string): Promise<StacksAnswer>;
  describeType(region: string, typeName: string): Promise<TypeAnswer>;
  getAccountSettings(): Promise<LambdaSettingsAnswer>;
  getServiceQuota(serviceCode: string, quotaCode: string): Promise<QuotaAnswer>;
  listQuotaRequests(serviceCode: string, quotaCode: string): Promise<QuotaRequestsAnswer>;
  getSesAccount(region: string): Promise<SesAccountAnswer>;
  getEmailIdentity(region: string, identity: string): Promise<EmailIdentityAnswer>;
  /** Closes what the port opened (the SES clients). */
  close?(): void;
}

/** The IAM action each call needs: what "could not check" names. */
export const ACTIONS = {
  getCallerIdentity: 'sts:GetCallerIdentity',
  getParameter: 'ssm:GetParameter',
  describeStacks: 'cloudformation:DescribeStacks',
  describeType: 'cloudformation:DescribeType',
  getAccountSettings: 'lambda:GetAccountSettings',
  getServiceQuota: 'servicequotas:GetServiceQuota',
  listQuotaRequests: 'servicequotas:ListRequestedServiceQuotaChangeHistoryByQuota',
  getSesAccount: 'ses:GetAccount',
  getEmailIdentity: 'ses:GetEmailIdentity',
} as const satisfies Record<keyof Omit<AwsPort, 'close'>, string>;

/** An error answer of AWS: `name` is its error code (as the SDK's exceptions), `status` the HTTP status. */
export class AwsCallError extends Error {
  constructor(
    code: string,
    message: string,
    readonly status?: number,
    /** The host of a call that never got an answer (`NetworkError`). */
    readonly host?: string,
  ) {
    super(message);
    this.name = code;
  }
}

/** The credentials are missing, expired or refused: nothing can be checked, the command stops. */
export class CredentialsProblem extends Error {
  override readonly name = 'CredentialsProblem';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A call that failed: which action, AWS's code and message, and whether it was a refused permission. */
export interface Problem {
  readonly action: string;
  readonly code: string;
  readonly message: string;
  readonly denied: boolean;
  readonly host?: string;
}

export type Attempt<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: Problem };

const CREDENTIAL_CODES = new RegExp(
  '^(CredentialsProviderError|ExpiredToken(Exception)?|InvalidClientTokenId|UnrecognizedClientException|InvalidSignatureException|' +
    'SignatureDoesNotMatch|AuthFailure|TokenRefreshRequired)$',
);
const DENIED_CODES = /^(AccessDenied(Exception)?|UnauthorizedOperation|AuthorizationError|NotAuthorized(Exception)?|Forbidden)$/;

/**
 * Makes one call: its answer, or the problem it ran into. Credentials that are missing or refused are
 * not a problem of one check: they throw {@link CredentialsProblem}, which stops the command.
 */
export async function attempt<T>(action: string, call: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const name = (error as { name?: string } | null)?.name ?? 'Error';
    const message = (error as { message?: string } | null)?.message ?? String(error);
    if (CREDENTIAL_CODES.test(name) || /could not load credentials/i.test(message)) throw new CredentialsProblem(name, message);
    const host = (error as { host?: string }).host;
    return { ok: false, problem: { action, code: name, message, denied: DENIED_CODES.test(name), ...(host ? { host } : {}) } };
  }
}
