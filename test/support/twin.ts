/**
 * Helpers for tests that talk to the twin started by the global setup: HTTP calls through the front
 * door, Cognito tokens for the admin and for a signed-in user who is not an admin, and a DynamoDB
 * client on the same tables.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import type { ApiErrorBody } from '#shared/api.ts';
import { apiRequestLine, type ApiCall, type ApiResponse, type ApiRouteKey } from '#shared/api-routes.ts';
import { cognitoClient, ensureUser, LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/twin/bootstrap.ts';
import { clientFetch } from './clients.ts';

export interface TwinInfo {
  readonly url: string;
  /** The API without the front door (what execute-api is in the cloud). */
  readonly apiOriginUrl: string;
  readonly endpoints: {
    readonly dynamodb: string;
    readonly s3: string;
    readonly cognito: string;
    readonly ses: string;
    readonly secretsmanager: string;
  };
  readonly userPoolId: string;
  readonly clientId: string;
  readonly issuer: string;
  readonly admin: { readonly email: string; readonly password: string };
  readonly env: Readonly<Record<string, string>>;
  /** The origin secret the front door sends (what CloudFront holds), when the twin started. */
  readonly originSecret: string;
}

let ownTwin: TwinInfo | undefined;

/** The twin this file talks to: the one the global setup started, or the file's own (`useOwnTwin`). */
export const twin = (): TwinInfo => ownTwin ?? inject('twin');

/**
 * Points every helper of this file (calls, tokens, table reads, mail reads) at a twin the file started
 * itself: for tests that change what every other file relies on (the shop's settings), so that files
 * running in parallel never see their changes. Also gives this worker that twin's environment.
 */
export function useOwnTwin(info: TwinInfo): void {
  ownTwin = info;
  Object.assign(process.env, info.env);
}

export interface Answer<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

/**
 * Calls the front door; JSON bodies are sent as JSON unless `raw` is given. Each call comes from a
 * client address of its own (the shop limits writes per client) unless `client` names one.
 */
export async function call<T = any>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    raw?: string;
    token?: string;
    headers?: Record<string, string>;
    client?: string;
    base?: string;
    challenge?: false;
  } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await clientFetch(`${options.base ?? twin().url}${path}`, {
    method,
    headers,
    body,
    client: options.client,
    challenge: options.challenge,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/**
 * A route's answer as tests read it: the contract's response, and on a refusal the error shape (tests
 * look at `status` first to know which one they have).
 */
export type RouteAnswer<K extends ApiRouteKey> = Answer<ApiResponse<K> & ApiErrorBody>;

/**
 * Calls one route the way the shop does, typed by its contract (`shared/api-routes.ts`). For hostile
 * or malformed requests, use `call`.
 */
export function callRoute<K extends ApiRouteKey>(
  key: K,
  request: ApiCall<K>,
  options: { token?: string; headers?: Record<string, string>; client?: string; challenge?: false } = {},
): Promise<RouteAnswer<K>> {
  const { method, path } = apiRequestLine(key, request);
  return call<ApiResponse<K> & ApiErrorBody>(method, path, { ...options, ...(request.body !== undefined ? { body: request.body } : {}) });
}

async function signIn(email: string, password: string): Promise<{ accessToken: string; idToken: string }> {
  const client = cognitoClient(twin().endpoints.cognito);
  try {
    const result = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: twin().clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return { accessToken: result.AuthenticationResult!.AccessToken!, idToken: result.AuthenticationResult!.IdToken! };
  } finally {
    client.destroy();
  }
}

/** An access token of the seeded admin (member of `admin`). */
export async function adminToken(): Promise<string> {
  return (await signIn(twin().admin.email, twin().admin.password)).accessToken;
}

/**
 * The ID token of the seeded admin: what the back-office sends (it names the admin's e-mail, which the
 * order timeline and the stock history record).
 */
export async function adminIdToken(): Promise<string> {
  return (await signIn(twin().admin.email, twin().admin.password)).idToken;
}

/** An access token of a freshly created user of the same pool who is in no group. */
export async function nonAdminToken(): Promise<string> {
  const email = `cliente-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Cliente-Teste-2026!';
  const client = cognitoClient(twin().endpoints.cognito);
  try {
    await ensureUser(client, twin().userPoolId, email, password, []);
  } finally {
    client.destroy();
  }
  return (await signIn(email, password)).accessToken;
}

/** A document client on the twin's DynamoDB Local, for checking what the handlers stored. */
export function documentClient(): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: twin().endpoints.dynamodb, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
  );
}
