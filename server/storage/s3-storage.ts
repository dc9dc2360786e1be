/**
 * S3-compatible storage (AWS S3, MinIO, Cloudflare R2…) with presigned GET links. The AWS
 * SDK loads with the first file operation: an instance on DATA_DIR's files never loads it,
 * and one on S3 does not wait for it at start.
 */
import { loadLater } from '../lib/load-later';
import type { FileStorage } from './storage';

export type S3Settings = {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
};

export function s3Storage(settings: S3Settings): FileStorage {
  const sdk = loadLater(async () => {
    const [s3, { getSignedUrl }] = await Promise.all([
      import('@aws-sdk/client-s3'),
      import('@aws-sdk/s3-request-presigner'),
    ]);
    const client = new s3.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
    });
    return { s3, getSignedUrl, client };
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    put: async (key, body, contentType) => {
      const { s3, client } = await sdk();
      await client.send(
        new s3.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    get: async (key) => {
      const { s3, client } = await sdk();
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch {
        return null;
      }
    },
    remove: async (key) => {
      const { s3, client } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
    },
    signedUrl: async (key, expiresInSeconds) => {
      const { s3, getSignedUrl, client } = await sdk();
      return getSignedUrl(client, new s3.GetObjectCommand({ Bucket, Key: key }), {
        expiresIn: expiresInSeconds,
      });
    },
    ping: async () => {
      try {
        const { s3, client } = await sdk();
        await client.send(new s3.HeadBucketCommand({ Bucket }));
        return true;
      } catch {
        return false;
      }
    },
  };
}
