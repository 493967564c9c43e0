import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ByteRange, MediaStorage, PutOptions, StoredObject } from './index.js';
import { isMediaKey } from './keys.js';

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

const status = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);
const isMissing = (error: unknown) =>
  status(error) === 404 || (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound'));

/** Media in an S3-compatible bucket (AWS S3, MinIO, Garage, R2, Ceph RGW), key for key as on disk. */
export class S3Storage implements MediaStorage {
  readonly client: S3Client;

  constructor(readonly options: S3Options) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      credentials: options.credentials,
      forcePathStyle: options.forcePathStyle,
      // Checksums only where the API demands them: several S3-compatible stores refuse the
      // SDK's default trailing-checksum uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private checked(key: string) {
    if (!isMediaKey(key)) throw new Error('invalid media key');
    return key;
  }

  async put(key: string, body: Readable, opts: PutOptions = {}): Promise<boolean> {
    const upload = new Upload({
      client: this.client,
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
    // A source that fails mid-stream must fail the upload, not leave it waiting for bytes.
    const sourceFailed = new Promise<never>((_, reject) => body.once('error', reject));
    sourceFailed.catch(() => undefined);
    try {
      await Promise.race([upload.done(), sourceFailed]);
      return true;
    } catch (error) {
      if (opts.ifAbsent && (status(error) === 412 || (error instanceof S3ServiceException && error.name === 'PreconditionFailed'))) return false;
      return failed(error);
    }
  }

  async putFile(key: string, localPath: string, opts: PutOptions = {}): Promise<void> {
    await this.put(key, fs.createReadStream(localPath), opts);
    await fs.promises.rm(localPath, { force: true });
  }

  async get(key: string, range?: ByteRange): Promise<Readable | undefined> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.checked(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return out.Body as Readable;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.checked(key) }));
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
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.checked(key) }));
  }

  async *list(): AsyncIterable<{ key: string; modified: Date }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.options.bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key && isMediaKey(o.Key)) yield { key: o.Key, modified: o.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async removeUnfinished(before: Date): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client
        .send(new ListMultipartUploadsCommand({ Bucket: this.options.bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }))
        .catch((error: unknown) => {
          // Stores without the call (s3rver) leave it to the bucket's AbortIncompleteMultipartUpload rule.
          if (error instanceof S3ServiceException && error.name === 'NotImplemented') return undefined;
          throw error;
        });
      if (!page) return removed;
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.UploadId || !isMediaKey(u.Key) || !u.Initiated || u.Initiated >= before) continue;
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.options.bucket, Key: u.Key, UploadId: u.UploadId }));
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
    this.client.destroy();
  }
}
