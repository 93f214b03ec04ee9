/**
 * What a function's bundle has in place of `@aws-sdk/endpoint-cache` (esbuild alias,
 * `BUNDLE_ALIASES` in `./shop-function.ts`): about 8 KB (its LRU cache, mnemonist and obliterator)
 * less in every function with DynamoDB.
 *
 * `DynamoDBClient` makes an endpoint cache in its constructor, for endpoint discovery, but with the
 * SDK of `package-lock.json` no DynamoDB command adds the discovery middleware that would read it
 * (DynamoDB does not require discovery; `DescribeEndpoints` is never sent). So the cache is made and
 * never used. If a later SDK read it, each method here throws at the first request: the bundle test's
 * catalogue read, which sends a real query from a bundle, would fail rather than a function in the
 * cloud. The twin and the tests run the code unbundled, with the real package.
 */
const unreached = () =>
  new Error(
    '@aws-sdk/endpoint-cache is left out of the bundle (infra/cloud/constructs/endpoint-cache-stub.ts): endpoint discovery is not used',
  );

export class EndpointCache {
  constructor(_capacity?: number) {}
  getEndpoint(_key: string): never {
    throw unreached();
  }
  get(_key: string): never {
    throw unreached();
  }
  set(_key: string, _endpoints: unknown): never {
    throw unreached();
  }
  delete(_key: string): never {
    throw unreached();
  }
  has(_key: string): never {
    throw unreached();
  }
  clear(): never {
    throw unreached();
  }
}
