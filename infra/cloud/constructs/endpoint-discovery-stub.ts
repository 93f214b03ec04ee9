/**
 * What a function's bundle has in place of `@aws-sdk/middleware-endpoint-discovery` (esbuild alias,
 * `BUNDLE_ALIASES` in `./shop-function.ts`): the two things `DynamoDBClient` takes from it, its
 * configuration (read in its constructor) and the setting's sources (its runtime config), without the
 * middleware that no DynamoDB command adds (see `./endpoint-cache-stub.ts`, whose cache it keeps):
 * about 0,8 KB of every function with DynamoDB. Endpoint discovery stays off, as it is with the real
 * package in Lambda (no `AWS_ENABLE_ENDPOINT_DISCOVERY`, no shared config file). The twin and the tests
 * run the code unbundled, with the real package.
 */
import { EndpointCache } from './endpoint-cache-stub.ts';

/** The setting's sources, as the SDK's node config loader reads them: none is set in Lambda. */
export const NODE_ENDPOINT_DISCOVERY_CONFIG_OPTIONS = {
  environmentVariableSelector: (): undefined => undefined,
  configFileSelector: (): undefined => undefined,
  default: undefined,
};

interface DiscoveryInput {
  readonly endpointCacheSize?: number;
  readonly endpointDiscoveryEnabled?: boolean;
  readonly endpointDiscoveryEnabledProvider?: () => Promise<boolean | undefined>;
}

/** The client's configuration, shaped as the real package shapes it. */
export function resolveEndpointDiscoveryConfig<T extends DiscoveryInput>(
  input: T,
  { endpointDiscoveryCommandCtor }: { endpointDiscoveryCommandCtor: unknown },
) {
  const { endpointCacheSize, endpointDiscoveryEnabled, endpointDiscoveryEnabledProvider } = input;
  return Object.assign(input, {
    endpointDiscoveryCommandCtor,
    endpointCache: new EndpointCache(endpointCacheSize ?? 1000),
    endpointDiscoveryEnabled:
      endpointDiscoveryEnabled !== undefined ? () => Promise.resolve(endpointDiscoveryEnabled) : endpointDiscoveryEnabledProvider,
    isClientEndpointDiscoveryEnabled: endpointDiscoveryEnabled !== undefined,
  });
}
