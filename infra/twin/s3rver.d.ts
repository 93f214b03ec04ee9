/** The part of s3rver's API the twin uses (the package ships no types). */
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { S3Event } from 'aws-lambda';
  import type S3Object from 's3rver/lib/models/object.js';
  interface BucketConfig {
    name: string;
    configs?: (string | Buffer)[];
  }
  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory?: string;
    vhostBuckets?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: BucketConfig[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** Its HTTP server, once it runs. */
    httpServer?: Server;
    /** S3 event notifications (`{ Records: [...] }`) of created and deleted objects. */
    on(event: 'event', listener: (event: S3Event) => void): this;
    /** Koa's middleware list (s3rver is a Koa application). */
    middleware: ((ctx: never, next: () => Promise<void>) => Promise<void>)[];
    /** Its file-system store. */
    store: {
      existsObject(bucket: string, key: string): Promise<boolean>;
      getMetadata(bucket: string, key: string): Promise<{ etag: string }>;
      getResourcePath(bucket: string, key: string, resource: string): string;
      putObject(object: {
        bucket: string;
        key: string;
        content: Buffer | NodeJS.ReadableStream;
        metadata: Record<string, string>;
      }): Promise<{ size: number; md5: string }>;
      putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
      getObject(bucket: string, key: string, options?: { start?: number; end?: number }): Promise<S3Object | null>;
    };
  }
}

/** s3rver's object model (what its store's reads answer). */
declare module 's3rver/lib/models/object.js' {
  export default class S3Object {
    constructor(bucket: string, key: string, content: NodeJS.ReadableStream | null, metadata: Record<string, string | number>);
    range?: { start: number; end: number };
  }
}
