import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import {
  isSafeMediaName,
  MEDIA_URL_PREFIX,
  mediaContentType,
  RangeNotSatisfiableError,
  resolveRange,
  type TMediaEntry,
  type TMediaStore,
} from './store.ts';

export interface TS3Config {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, Ceph…); unset for AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default chain (AWS_ACCESS_KEY_ID…, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Key prefix inside the bucket, so one bucket can hold other things too ('' or ending in '/'). */
  prefix: string;
  /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
}

/** Metadata written by `touch`: listings only show LastModified, which a copy onto itself may not move. */
const TOUCHED_AT = 'touched-at';

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

const rangeHeader = (range: { start: number; end?: number } | undefined) =>
  range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;

/**
 * Media in an S3-compatible bucket, so every server instance reads and writes the same files
 * (docs/decisions.md#stateless). Objects are keyed by their content-hashed names and never change once written.
 */
export function s3MediaStore(config: TS3Config, client?: S3Client): TMediaStore {
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where S3 requires them: several S3-compatible servers reject the newer
      // default trailers (aws-chunked uploads), and the names are content hashes anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = config.bucket;
  const key = (name: string) => {
    if (!isSafeMediaName(name)) throw new Error(`unsafe media name ${name}`);
    return `${config.prefix}${name}`;
  };

  const head = async (name: string) => {
    try {
      return await s3.send(new HeadObjectCommand({ Bucket, Key: key(name) }));
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  };

  const touch = async (name: string) => {
    try {
      await s3.send(
        new CopyObjectCommand({
          Bucket,
          Key: key(name),
          CopySource: `${Bucket}/${key(name).split('/').map(encodeURIComponent).join('/')}`,
          MetadataDirective: 'REPLACE',
          ContentType: mediaContentType(name),
          Metadata: { [TOUCHED_AT]: new Date().toISOString() },
        }),
      );
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  };

  return {
    async put(name, bytes) {
      if (await head(name)) {
        await touch(name);
      } else {
        await s3.send(
          new PutObjectCommand({
            Bucket,
            Key: key(name),
            Body: bytes,
            ContentLength: bytes.length,
            ContentType: mediaContentType(name),
          }),
        );
      }
      return `${MEDIA_URL_PREFIX}${name}`;
    },
    async has(name) {
      return (await head(name)) !== undefined;
    },
    touch,
    async list() {
      const entries: TMediaEntry[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({ Bucket, Prefix: config.prefix || undefined, ContinuationToken }),
        );
        for (const obj of page.Contents ?? []) {
          const name = obj.Key?.slice(config.prefix.length);
          // Keys in a deeper "folder" of the prefix are not ours.
          if (!name || name.includes('/') || !obj.LastModified) continue;
          entries.push({ name, modifiedAt: obj.LastModified });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return entries;
    },
    async lastUsed(name) {
      const h = await head(name);
      if (!h) return undefined;
      const touched = h.Metadata?.[TOUCHED_AT] ? new Date(h.Metadata[TOUCHED_AT]) : undefined;
      const written = h.LastModified ?? new Date(0);
      return touched && !Number.isNaN(touched.getTime()) && touched > written ? touched : written;
    },
    async remove(name) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key(name) }));
    },
    async open(name, range) {
      let bounded: { start: number; end?: number } | undefined;
      if (range && 'suffix' in range) {
        // Some S3-compatible servers get `bytes=-n` wrong: ask for the size, then for explicit bounds.
        const size = (await head(name))?.ContentLength;
        if (size === undefined) return undefined;
        bounded = resolveRange(range, size);
      } else {
        bounded = range;
      }
      try {
        const res = await s3.send(
          new GetObjectCommand({ Bucket, Key: key(name), Range: rangeHeader(bounded) }),
        );
        if (!(res.Body instanceof Readable)) throw new Error('S3 answered a body that is not a Node stream');
        const length = res.ContentLength ?? 0;
        // "bytes 0-99/1234" when a range was served.
        const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '');
        const [start, end, size] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, length - 1, length];
        return { body: res.Body, size, start, end, contentType: mediaContentType(name) };
      } catch (err) {
        if (isMissing(err)) return undefined;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) {
          throw new RangeNotSatisfiableError(undefined);
        }
        throw err;
      }
    },
  };
}
