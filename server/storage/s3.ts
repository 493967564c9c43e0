import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { ByteRange, MediaStorage, PutOptions, StoredObject } from './index.js';
import { isMediaKey } from './keys.js';
import { sourceFailure } from './sourceFailure.js';

export interface S3Options {
  /** Unset: AWS itself, by region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's own credential chain (instance role, AWS_PROFILE, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** A CDN (or the bucket itself) answering `<publicUrl>/<key>`. */
  publicUrl: string | undefined;
}

/**
 * Multipart parts of 5 MB (S3's least), two in flight: measured with a 200 MB upload
 * (npm run bench uploadS3), the server grew 27 MB, against 73 MB with 8 MB parts (lib-storage
 * copies each part while it gathers it). At most 10,000 parts: files up to 48 GB.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** The SDK, loaded by the first S3 store used: it is a sixth of the server bundle, compiled at every start of a server on disk. */
const loadSdk = async () => {
  const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...s3, Upload: storage.Upload };
};
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/** What the SDK says of a failed call (an S3ServiceException), read without the SDK's classes. */
const failure = (error: unknown) => (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
const status = (error: unknown) => failure(error).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => status(error) === 404 || ['NoSuchKey', 'NotFound'].includes(failure(error).name ?? '');

/** Media in an S3-compatible bucket (AWS S3, MinIO, Garage, R2, Ceph RGW), key for key as on disk. */
export class S3Storage implements MediaStorage {
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | undefined;

  constructor(readonly options: S3Options) {}

  /** The SDK and this store's client, made on first use. */
  private connected() {
    this.connection ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: this.options.endpoint,
        region: this.options.region,
        credentials: this.options.credentials,
        forcePathStyle: this.options.forcePathStyle,
        // Checksums only where the API demands them: several S3-compatible stores refuse the
        // SDK's default trailing-checksum uploads.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.connection;
  }

  private checked(key: string) {
    if (!isMediaKey(key)) throw new Error('invalid media key');
    return key;
  }

  async put(key: string, body: Readable, opts: PutOptions = {}): Promise<boolean> {
    // A source that fails, even before the upload reads it, must fail the upload, not leave it waiting for bytes.
    const sourceFailed = sourceFailure(body);
    const { sdk, client } = await this.connected();
    const upload = new sdk.Upload({
      client,
      params: {
        Bucket: this.options.bucket,
        Key: this.checked(key),
        Body: body,
        ContentType: opts.contentType,
        // Honoured by AWS S3, R2 and MinIO: a 412 instead of replacing an object.
        IfNoneMatch: opts.ifAbsent ? '*' : undefined,
      },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      // A failed or aborted upload aborts its multipart upload: no parts, no object.
      leavePartsOnError: false,
    });
    const failed = (error: unknown) => {
      void upload.abort().catch(() => undefined);
      throw error;
    };
    try {
      await Promise.race([upload.done(), sourceFailed]);
      return true;
    } catch (error) {
      if (opts.ifAbsent && (status(error) === 412 || failure(error).name === 'PreconditionFailed')) return false;
      return failed(error);
    }
  }

  async putFile(key: string, localPath: string, opts: PutOptions = {}): Promise<void> {
    await this.put(key, fs.createReadStream(localPath), opts);
    await fs.promises.rm(localPath, { force: true });
  }

  async get(key: string, range?: ByteRange): Promise<Readable | undefined> {
    const { sdk, client } = await this.connected();
    try {
      const out = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: this.checked(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return out.Body as Readable;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    const { sdk, client } = await this.connected();
    try {
      const out = await client.send(new sdk.HeadObjectCommand({ Bucket: this.options.bucket, Key: this.checked(key) }));
      return { size: out.ContentLength ?? 0, etag: out.ETag ?? '""', modified: out.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.connected();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.checked(key) }));
  }

  async *list(): AsyncIterable<{ key: string; modified: Date }> {
    const { sdk, client } = await this.connected();
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.options.bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key && isMediaKey(o.Key)) yield { key: o.Key, modified: o.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async removeUnfinished(before: Date): Promise<number> {
    const { sdk, client } = await this.connected();
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await client
        .send(new sdk.ListMultipartUploadsCommand({ Bucket: this.options.bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }))
        .catch((error: unknown) => {
          // Stores without the call (s3rver) leave it to the bucket's AbortIncompleteMultipartUpload rule.
          if (failure(error).name === 'NotImplemented') return undefined;
          throw error;
        });
      if (!page) return removed;
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.UploadId || !isMediaKey(u.Key) || !u.Initiated || u.Initiated >= before) continue;
        await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: this.options.bucket, Key: u.Key, UploadId: u.UploadId }));
        removed++;
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return removed;
  }

  publicUrl(key: string): string | undefined {
    return this.options.publicUrl ? `${this.options.publicUrl.replace(/\/+$/, '')}/${this.checked(key)}` : undefined;
  }

  async close(): Promise<void> {
    if (this.connection) (await this.connection).client.destroy();
  }
}
