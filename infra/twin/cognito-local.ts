/**
 * The Cognito-compatible server (cognito-local, as a child process with its data under the twin's
 * folder) and the refresh shim in front of it.
 *
 * Amplify refreshes tokens with `GetTokensFromRefreshToken`, which cognito-local lacks; the shim maps
 * that call to `InitiateAuth` with `REFRESH_TOKEN_AUTH` and passes every other request through. The
 * browser and the twin talk to the shim's address.
 *
 * cognito-local also hands tokens to a disabled user; Cognito answers `NotAuthorizedException: User is
 * disabled.` to a sign-in, a refresh or a challenge answer. The shim does the same: before it passes
 * on new tokens, it asks cognito-local whether their user is enabled.
 */
import http from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { HOST, childListening, forwardableHeaders, listen, startChild } from './processes.ts';

const require = createRequire(import.meta.url);

export interface CognitoLocalOptions {
  /** Port of cognito-local itself (also the token issuer's port). */
  readonly port: number;
  readonly directory: string;
  readonly verbose?: boolean;
  /**
   * The shim listens (on port 0) once this has settled: the other child process's start. Until that child
   * listens, a server of this process given port 0 could be handed the port it is about to take.
   */
  readonly shimAfter?: Promise<unknown>;
}

export interface CognitoLocal {
  /** Endpoint for SDK clients and Amplify (the shim, on a port the system chose). */
  readonly endpoint: string;
  /** Issuer domain of the tokens: `${issuerDomain}/${userPoolId}`. */
  readonly issuerDomain: string;
  stop(): Promise<void>;
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export async function startCognitoLocal(options: CognitoLocalOptions): Promise<CognitoLocal> {
  const issuerDomain = `http://${HOST}:${options.port}`;
  await mkdir(join(options.directory, '.cognito', 'db'), { recursive: true });
  await writeFile(
    join(options.directory, '.cognito', 'config.json'),
    JSON.stringify({ ServerConfig: { hostname: HOST, port: options.port }, TokenConfig: { IssuerDomain: issuerDomain } }, null, 2),
  );
  const child = startChild(process.execPath, [require.resolve('cognito-local/lib/bin/start.js')], {
    name: 'cognito',
    cwd: options.directory,
    env: { ...process.env, HOST, PORT: String(options.port), DEBUG: '' },
    verbose: options.verbose,
  });
  await childListening(child, options.port, 'cognito-local', 30_000);

  const shim = http.createServer((req, res) => void forward(req, res, options.port));
  const shimPort = await Promise.resolve(options.shimAfter)
    .then(() => listen(shim))
    .catch(async (error: unknown) => {
      await child.stop();
      throw error;
    });

  return {
    endpoint: `http://${HOST}:${shimPort}`,
    issuerDomain,
    stop: async () => {
      shim.closeAllConnections();
      await new Promise<void>((resolve) => shim.close(() => resolve()));
      await child.stop();
    },
  };
}

/** The calls that answer with new tokens. */
const TOKEN_ISSUING = new Set(
  ['InitiateAuth', 'AdminInitiateAuth', 'RespondToAuthChallenge', 'AdminRespondToAuthChallenge'].map((name) => `${TARGET_PREFIX}${name}`),
);

/** Whether an answer carries tokens of a user cognito-local has disabled (AdminDisableUser). */
async function tokensOfDisabledUser(answer: string, port: number): Promise<boolean> {
  const token = (JSON.parse(answer) as { AuthenticationResult?: { AccessToken?: string } }).AuthenticationResult?.AccessToken;
  if (!token) return false;
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    iss?: string;
    username?: string;
    sub?: string;
  };
  const userPoolId = claims.iss?.split('/').pop();
  const username = claims.username ?? claims.sub;
  if (!userPoolId || !username) return false;
  const user = await fetch(`http://${HOST}:${port}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}AdminGetUser` },
    body: JSON.stringify({ UserPoolId: userPoolId, Username: username }),
  });
  return user.ok && (JSON.parse(await user.text()) as { Enabled?: boolean }).Enabled === false;
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function forward(req: http.IncomingMessage, res: http.ServerResponse, port: number): Promise<void> {
  try {
    let body = await readBody(req);
    const headers = { ...req.headers };
    const target = String(headers['x-amz-target'] ?? '');
    let refreshing = false;
    if (target === `${TARGET_PREFIX}GetTokensFromRefreshToken`) {
      const input = JSON.parse(body.toString() || '{}') as { RefreshToken?: string; ClientId?: string };
      body = Buffer.from(
        JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: input.ClientId, AuthParameters: { REFRESH_TOKEN: input.RefreshToken } }),
      );
      headers['x-amz-target'] = `${TARGET_PREFIX}InitiateAuth`;
      refreshing = true;
    }
    headers['content-length'] = String(body.length);
    delete headers.host;
    const upstream = await fetch(`http://${HOST}:${port}${req.url ?? '/'}`, {
      method: req.method,
      headers: headers as Record<string, string>,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body),
    });
    let text = await upstream.text();
    if (refreshing && upstream.ok) {
      const result = JSON.parse(text) as { AuthenticationResult?: Record<string, unknown> };
      text = JSON.stringify({ AuthenticationResult: result.AuthenticationResult });
    }
    if (upstream.ok && TOKEN_ISSUING.has(String(headers['x-amz-target'])) && (await tokensOfDisabledUser(text, port))) {
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ __type: 'NotAuthorizedException', message: 'User is disabled.' }));
      return;
    }
    res.writeHead(upstream.status, forwardableHeaders(upstream));
    res.end(text);
  } catch (error) {
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ __type: 'InternalErrorException', message: String(error) }));
  }
}
