// s3rver ships no types: the constructor and the two calls the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string; configureBuckets?: Array<{ name: string }> });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
