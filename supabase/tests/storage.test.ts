/**
 * Supabase Storage through the local server, driven by supabase-js's storage client as the app will
 * drive it (monthly statements: signed PDFs and CSVs in a private bucket that only the service role
 * writes, each member reading their own folder, auditors reading all). The project below is a small
 * one of its own: its migration creates the buckets and the policies as a migration on hosted
 * would, run as `postgres` by the local runner. Runs on PGlite and on a throwaway PostgreSQL 15.
 *
 * Where a case follows one of storage-js's own integration tests (supabase-js
 * packages/core/storage-js/test/storageFileApi.test.ts, storageApi.test.ts, storageBucketApi.test.ts)
 * or of the storage server's (supabase/storage src/test/object.test.ts), its comment names it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EngineHarness,
  client,
  sleep,
  uniqueEmail,
  type Engine,
} from '../../tests/integration/local-supabase/harness';
import { startLocalSupabase, type LocalSupabase } from '../local/server';

const MIGRATION = `
-- The statements bucket as the app's migration will create it: private, no public URL.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('statements', 'statements', false, 1048576, array['application/pdf', 'text/csv']);
insert into storage.buckets (id, name, public) values ('brochures', 'brochures', true);

-- A member reads the files of their own folder (<user id>/…).
create policy "statements: members read their own" on storage.objects for select to authenticated
  using (bucket_id = 'statements' and (storage.foldername(name))[1] = (select auth.uid()::text));
-- Auditors and owners read every statement: the JWT's claims reach the policy.
create policy "statements: auditors and owners read all" on storage.objects for select to authenticated
  using (bucket_id = 'statements'
         and (select auth.jwt() -> 'app_metadata' ->> 'staff_role') in ('auditor', 'owner'));
-- No insert, update or delete policy: only the service role (BYPASSRLS) writes statements.
`;

const PDF = Buffer.from('%PDF-1.7\n% statement for January\n%%EOF\n');
const CSV = Buffer.from('date,description,amount\n2026-01-31,Interest,12.50\n');

interface Member {
  id: string;
  client: SupabaseClient;
  token: string;
}

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lc-storage-project-'));
  mkdirSync(join(dir, 'migrations'));
  writeFileSync(join(dir, 'migrations', '20260101000000_statements_storage.sql'), MIGRATION);
  return dir;
}

async function member(
  server: LocalSupabase,
  tag: string,
  appMetadata: Record<string, unknown> = {},
): Promise<Member> {
  const admin = client(server, server.serviceRoleKey);
  const email = uniqueEmail(tag);
  const password = 'correct-horse-1';
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: appMetadata,
  });
  if (created.error) throw created.error;
  const c = client(server);
  const signIn = await c.auth.signInWithPassword({ email, password });
  if (signIn.error || !signIn.data.session) throw signIn.error ?? new Error('no session');
  return { id: created.data.user.id, client: c, token: signIn.data.session.access_token };
}

/** A raw request to the storage API (for what storage-js does not send: no key at all, odd paths). */
function storageFetch(server: LocalSupabase, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}/storage/v1${path}`, init);
}

/** A request whose path reaches the server exactly as written (fetch would resolve `..` first). */
function rawRequest(
  server: LocalSupabase,
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; body: unknown }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path: `/storage/v1${path}`, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          // A file where an error was expected comes back as text, for the assertion to show.
          let body: unknown = text;
          try {
            body = JSON.parse(text || 'null');
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const notFound = { statusCode: '404', error: 'not_found', message: 'Object not found', code: 'NoSuchKey' };

describe.each<Engine>(['pglite', 'postgres'])('storage API on %s', (engine) => {
  const harness = new EngineHarness(engine);
  let server: LocalSupabase;
  let service: SupabaseClient;
  let alice: Member;
  let bob: Member;
  let auditor: Member;
  let dir: string;

  beforeAll(async () => {
    dir = project();
    server = await harness.server({ projectDir: dir });
    service = client(server, server.serviceRoleKey);
    [alice, bob, auditor] = [
      await member(server, 'alice'),
      await member(server, 'bob'),
      await member(server, 'auditor', { staff_role: 'auditor' }),
    ];
    for (const m of [alice, bob]) {
      const pdf = await service.storage
        .from('statements')
        .upload(`${m.id}/2026-01.pdf`, PDF, { contentType: 'application/pdf' });
      expect(pdf.error).toBeNull();
      const csv = await service.storage
        .from('statements')
        .upload(`${m.id}/2026-01.csv`, CSV, { contentType: 'text/csv' });
      expect(csv.error).toBeNull();
    }
  }, 180_000);

  afterAll(async () => {
    await harness.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('the service role writes', () => {
    // storageFileApi.test.ts "uploading using buffer" / "uploading using blob" / "upload and update file".
    it('uploads raw bytes and multipart Blobs, answers the key, and replaces a file only when asked', async () => {
      const bucket = service.storage.from('statements');
      const path = `${alice.id}/2026-02.pdf`;
      const first = await bucket.upload(path, new Blob([PDF], { type: 'application/pdf' }));
      expect(first.error).toBeNull();
      expect(first.data).toEqual({ path, id: expect.any(String), fullPath: `statements/${path}` });

      // storage's object.test.ts: an existing key without x-upsert is a 409 Duplicate.
      const again = await bucket.upload(path, PDF, { contentType: 'application/pdf' });
      expect(again.error).toMatchObject({
        status: 400,
        statusCode: '409',
        message: 'The resource already exists',
      });

      const newer = Buffer.from('%PDF-1.7\n% corrected\n%%EOF\n');
      const upserted = await bucket.upload(path, newer, { contentType: 'application/pdf', upsert: true });
      expect(upserted.error).toBeNull();
      expect(upserted.data?.id).toBe(first.data?.id);
      const read = await bucket.download(path);
      expect(Buffer.from(await read.data!.arrayBuffer()).equals(newer)).toBe(true);

      const updated = await bucket.update(path, PDF, { contentType: 'application/pdf', cacheControl: '60' });
      expect(updated.error).toBeNull();
      const info = await bucket.info(path);
      expect(info.data).toMatchObject({
        size: PDF.length,
        contentType: 'application/pdf',
        cacheControl: 'max-age=60',
      });
    });

    // storageFileApi.test.ts "upload files error handling".
    it('answers "Bucket not found" for a bucket that does not exist', async () => {
      const { error } = await service.storage.from('no-such-bucket').upload('a.pdf', PDF);
      expect(error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
    });

    // storageFileApi.test.ts "cannot upload a file that exceed the file size limit" / "… an invalid mime type".
    it('holds uploads to the bucket’s size and type limits', async () => {
      const bucket = service.storage.from('statements');
      const big = await bucket.upload(`${alice.id}/big.pdf`, Buffer.alloc(1048577), {
        contentType: 'application/pdf',
      });
      expect(big.error).toMatchObject({
        statusCode: '413',
        message: 'The object exceeded the maximum allowed size',
      });
      const html = await bucket.upload(`${alice.id}/page.html`, Buffer.from('<h1>x</h1>'), {
        contentType: 'text/html',
      });
      expect(html.error).toMatchObject({
        statusCode: '415',
        message: 'mime type text/html is not supported',
      });
    });

    it('keeps custom metadata with the file (storageFileApi.test.ts "can upload with custom metadata")', async () => {
      const path = `${bob.id}/2026-03.csv`;
      const up = await service.storage
        .from('statements')
        .upload(path, CSV, { contentType: 'text/csv', metadata: { month: '2026-03', signed: 'yes' } });
      expect(up.error).toBeNull();
      const info = await service.storage.from('statements').info(path);
      expect(info.data?.metadata).toEqual({ month: '2026-03', signed: 'yes' });
    });
  });

  describe('a member', () => {
    it('reads their own files: download, info, exists and list', async () => {
      const bucket = alice.client.storage.from('statements');
      const pdf = await bucket.download(`${alice.id}/2026-01.pdf`);
      expect(pdf.error).toBeNull();
      expect(pdf.data?.type).toBe('application/pdf');
      expect(Buffer.from(await pdf.data!.arrayBuffer()).equals(PDF)).toBe(true);
      expect((await bucket.exists(`${alice.id}/2026-01.csv`)).data).toBe(true);
      // storageFileApi.test.ts "list objects": names relative to the folder, files with id and metadata.
      const listed = await bucket.list(alice.id);
      expect(listed.error).toBeNull();
      expect(listed.data?.map((f) => f.name).sort()).toEqual(['2026-01.csv', '2026-01.pdf', '2026-02.pdf']);
      expect(listed.data?.find((f) => f.name === '2026-01.pdf')).toMatchObject({
        id: expect.any(String),
        metadata: expect.objectContaining({ mimetype: 'application/pdf', size: PDF.length }),
      });
      // At the top level a member sees one folder: their own.
      const top = await bucket.list('');
      expect(top.data).toEqual([expect.objectContaining({ name: alice.id, id: null, metadata: null })]);
    });

    it('gets "Object not found" for another member’s file, exactly as for a path that does not exist', async () => {
      const bucket = alice.client.storage.from('statements');
      const theirs = await bucket.download(`${bob.id}/2026-01.pdf`);
      const nothing = await bucket.download(`${alice.id}/2099-12.pdf`);
      expect(theirs.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
      expect(nothing.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
      for (const path of [`${bob.id}/2026-01.pdf`, `${alice.id}/2099-12.pdf`]) {
        const res = await storageFetch(server, `/object/authenticated/statements/${path}`, {
          headers: { apikey: server.anonKey, authorization: `Bearer ${alice.token}` },
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual(notFound);
      }
      expect((await bucket.info(`${bob.id}/2026-01.pdf`)).error).toMatchObject({ statusCode: '404' });
      expect((await bucket.list(bob.id)).data).toEqual([]);
      expect((await bucket.createSignedUrl(`${bob.id}/2026-01.pdf`, 60)).error).toMatchObject({
        statusCode: '404',
        message: 'Object not found',
      });
      const batch = await bucket.createSignedUrls([`${alice.id}/2026-01.pdf`, `${bob.id}/2026-01.pdf`], 60);
      expect(batch.data?.map((d) => [d.path, d.error, typeof d.signedUrl])).toEqual([
        [`${alice.id}/2026-01.pdf`, null, 'string'],
        [
          `${bob.id}/2026-01.pdf`,
          'Either the object does not exist or you do not have access to it',
          'object',
        ],
      ]);
    });

    // storage's object.test.ts "anon user is not able to upload …" / "… update …": the write is refused
    // by RLS before anything is stored.
    it('cannot upload, replace or remove anything, even in their own folder', async () => {
      const bucket = alice.client.storage.from('statements');
      const refused = {
        status: 400,
        statusCode: '403',
        message: 'new row violates row-level security policy',
      };
      expect(
        (await bucket.upload(`${alice.id}/forged.pdf`, PDF, { contentType: 'application/pdf' })).error,
      ).toMatchObject(refused);
      expect(
        (
          await bucket.update(`${alice.id}/2026-01.pdf`, Buffer.from('%PDF forged'), {
            contentType: 'application/pdf',
          })
        ).error,
      ).toMatchObject(refused);
      expect((await bucket.remove([`${alice.id}/2026-01.pdf`])).data).toEqual([]);
      const still = await service.storage.from('statements').download(`${alice.id}/2026-01.pdf`);
      expect(Buffer.from(await still.data!.arrayBuffer()).equals(PDF)).toBe(true);
      expect((await service.storage.from('statements').exists(`${alice.id}/forged.pdf`)).data).toBe(false);
    });

    it('sees no bucket and may create none (storage.buckets has RLS and no policy)', async () => {
      expect((await alice.client.storage.getBucket('statements')).error).toMatchObject({
        statusCode: '404',
        message: 'Bucket not found',
      });
      expect((await alice.client.storage.listBuckets()).data).toEqual([]);
      expect((await alice.client.storage.createBucket('mine')).error).toMatchObject({
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
    });
  });

  it('lets an auditor read every member’s statements: the JWT’s claims reach the policies', async () => {
    const bucket = auditor.client.storage.from('statements');
    for (const m of [alice, bob]) {
      const got = await bucket.download(`${m.id}/2026-01.csv`);
      expect(got.error).toBeNull();
      expect(await got.data?.text()).toBe(CSV.toString());
    }
    expect((await bucket.list('')).data?.map((f) => f.name).sort()).toEqual([alice.id, bob.id].sort());
  });

  describe('anon', () => {
    it('gets nothing from a private bucket, with the anon key or with no key at all', async () => {
      const anon = client(server).storage.from('statements');
      expect((await anon.download(`${alice.id}/2026-01.pdf`)).error).toMatchObject({ statusCode: '404' });
      expect((await anon.list(alice.id)).data).toEqual([]);
      expect((await anon.createSignedUrl(`${alice.id}/2026-01.pdf`, 60)).error).toMatchObject({
        statusCode: '404',
      });
      // Without any token the public-file route treats the caller as anonymous: a private bucket is not found.
      const bare = await storageFetch(server, `/object/statements/${alice.id}/2026-01.pdf`);
      expect(bare.status).toBe(400);
      expect(await bare.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
      const asPublic = await storageFetch(server, `/object/public/statements/${alice.id}/2026-01.pdf`);
      expect(await asPublic.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    });

    // storageBucketApi.test.ts "handles missing authorization errors if header is not provided".
    it('needs a token for everything but public and signed files', async () => {
      const res = await storageFetch(server, '/bucket');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        statusCode: '403',
        error: 'Unauthorized',
        message: 'Invalid Compact JWS',
        code: 'AccessDenied',
      });
    });

    // storageFileApi.test.ts "get public URL": a public bucket's files need no key.
    it('reads a public bucket’s files by their public URL', async () => {
      const up = await service.storage
        .from('brochures')
        .upload('fees.pdf', PDF, { contentType: 'application/pdf' });
      expect(up.error).toBeNull();
      const url = service.storage.from('brochures').getPublicUrl('fees.pdf').data.publicUrl;
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    });
  });

  describe('signed URLs', () => {
    // storageFileApi.test.ts "sign url"; storage's object.test.ts "testing retrieving signed URL".
    it('open their one file to anyone holding them, with no key, until they expire', async () => {
      const path = `${alice.id}/2026-01.pdf`;
      const signed = await alice.client.storage
        .from('statements')
        .createSignedUrl(path, 60, { download: 'january.pdf' });
      expect(signed.error).toBeNull();
      const url = signed.data!.signedUrl;
      expect(url).toContain(`${server.url}/storage/v1/object/sign/statements/${path}?token=`);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        "attachment; filename=january.pdf; filename*=UTF-8''january.pdf",
      );
      expect(res.headers.get('expires')).toBeTruthy();
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);

      // The same token for another member's file.
      const token = new URL(url).searchParams.get('token') ?? '';
      const elsewhere = await storageFetch(
        server,
        `/object/sign/statements/${bob.id}/2026-01.pdf?token=${token}`,
      );
      expect(elsewhere.status).toBe(400);
      expect(await elsewhere.json()).toEqual({
        statusCode: '400',
        error: 'InvalidSignature',
        message: 'Invalid signature',
        code: 'InvalidSignature',
      });
    });

    it('fail once tampered with: another path in the payload, or a changed signature', async () => {
      const path = `${alice.id}/2026-01.csv`;
      const signed = await service.storage.from('statements').createSignedUrl(path, 60);
      const token = new URL(signed.data!.signedUrl).searchParams.get('token') ?? '';
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(
        JSON.stringify({ ...claims, url: `statements/${bob.id}/2026-01.csv` }),
      ).toString('base64url');
      const swapped = await storageFetch(
        server,
        `/object/sign/statements/${bob.id}/2026-01.csv?token=${header}.${forged}.${signature}`,
      );
      expect(swapped.status).toBe(400);
      expect(await swapped.json()).toMatchObject({
        error: 'InvalidJWT',
        message: 'signature verification failed',
      });
      const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      const broken = await storageFetch(
        server,
        `/object/sign/statements/${path}?token=${header}.${payload}.${flipped}`,
      );
      expect(await broken.json()).toMatchObject({ error: 'InvalidJWT' });
      const missing = await storageFetch(server, `/object/sign/statements/${path}`);
      expect(missing.status).toBe(400);
    });

    it('stop working when they expire', async () => {
      const path = `${bob.id}/2026-01.pdf`;
      const signed = await bob.client.storage.from('statements').createSignedUrl(path, 1);
      expect((await fetch(signed.data!.signedUrl)).status).toBe(200);
      // exp is a whole second: past it for sure after two.
      await sleep(2100);
      const res = await fetch(signed.data!.signedUrl);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        statusCode: '400',
        error: 'InvalidJWT',
        message: '"exp" claim timestamp check failed',
        code: 'InvalidJWT',
      });
    });

    // storage's object.test.ts "rejects oversized expiresIn values for signed URLs before jwt signing".
    it('need a lifetime of at least one second', async () => {
      const bucket = alice.client.storage.from('statements');
      expect((await bucket.createSignedUrl(`${alice.id}/2026-01.pdf`, 0)).error).toMatchObject({
        statusCode: '400',
        message: 'body/expiresIn must be >= 1',
      });
      expect((await bucket.createSignedUrl(`${alice.id}/2026-01.pdf`, 1e21)).error?.message).toContain(
        'expiresIn',
      );
    });
  });

  describe('paths', () => {
    it('refuses keys that climb out of their folder or start at the root, and bucket ids no bucket can have', async () => {
      const headers = { authorization: `Bearer ${server.serviceRoleKey}`, 'content-type': 'application/pdf' };
      // Encoded separators survive URL parsing; decoded, they would climb: refused as keys.
      for (const path of [
        `/object/statements/${alice.id}%2F..%2F${bob.id}%2F2026-01.pdf`,
        `/object/statements/${alice.id}/%2E%2E%2F${bob.id}/2026-01.pdf`,
        '/object/statements//etc/passwd',
        '/object/statements/a/%2Fetc%2Fpasswd',
      ]) {
        const res = await rawRequest(server, 'POST', path, headers, '%PDF');
        expect(res.status, path).toBe(400);
        expect(res.body, path).toMatchObject({ statusCode: '400', error: 'InvalidKey', code: 'InvalidKey' });
        const read = await rawRequest(
          server,
          'GET',
          path.replace('/object/', '/object/authenticated/'),
          headers,
        );
        expect(read.body, path).toMatchObject({ code: 'InvalidKey' });
      }
      // Plain dot segments are resolved by URL parsing first (by the gateway, as by any proxy): the walk
      // lands on another member's path, which their policies hide like any other.
      const climbed = await rawRequest(
        server,
        'GET',
        `/object/authenticated/statements/${alice.id}/../${bob.id}/2026-01.pdf`,
        { authorization: `Bearer ${alice.token}` },
      );
      expect(climbed).toEqual({ status: 400, body: notFound });
      const bucket = await rawRequest(server, 'GET', '/object/authenticated/bad%5Cbucket/a.pdf', headers);
      expect(bucket.body).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
      expect((await service.storage.createBucket('../up')).error).toMatchObject({
        statusCode: '400',
        message: 'Bucket name invalid',
      });
      // A lookup finds no such bucket; updating one checks the name first, as storage does.
      const got = await rawRequest(server, 'GET', '/bucket/bad%5Cbucket', headers);
      expect(got.body).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
      const put = await rawRequest(
        server,
        'PUT',
        '/bucket/bad%5Cbucket',
        { ...headers, 'content-type': 'application/json' },
        '{"public":true}',
      );
      expect(put.body).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
    });

    it('answers routes it does not serve with storage’s 404', async () => {
      const res = await storageFetch(server, '/object/move', {
        method: 'POST',
        headers: { authorization: `Bearer ${server.serviceRoleKey}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({
        statusCode: '404',
        error: 'Not Found',
        code: 'InvalidRequest',
      });
    });
  });

  // storageApi.test.ts (bucket api).
  describe('buckets, for the service role', () => {
    it('lists, gets, creates, updates and deletes buckets', async () => {
      const listed = await service.storage.listBuckets();
      expect(listed.data?.map((b) => [b.id, b.public, b.type]).sort()).toEqual([
        ['brochures', true, 'STANDARD'],
        ['statements', false, 'STANDARD'],
      ]);
      const got = await service.storage.getBucket('statements');
      expect(got.data).toEqual({
        id: 'statements',
        name: 'statements',
        owner: null,
        public: false,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updated_at: expect.any(String),
        file_size_limit: 1048576,
        allowed_mime_types: ['application/pdf', 'text/csv'],
      });
      // "Get bucket with wrong id".
      expect((await service.storage.getBucket('not-exist-id')).error?.message).toBe('Bucket not found');

      const name = `archive-${engine}`;
      expect(await service.storage.createBucket(name)).toEqual({ data: { name }, error: null });
      expect((await service.storage.createBucket(name)).error).toMatchObject({
        statusCode: '409',
        message: 'The resource already exists',
      });
      // "update bucket": a size given as text is counted in decimal units.
      const updated = await service.storage.updateBucket(name, {
        public: true,
        fileSizeLimit: '20mb',
        allowedMimeTypes: ['image/jpeg'],
      });
      expect(updated.data).toEqual({ message: 'Successfully updated' });
      expect((await service.storage.getBucket(name)).data).toMatchObject({
        public: true,
        file_size_limit: 20000000,
        allowed_mime_types: ['image/jpeg'],
      });
      expect((await service.storage.deleteBucket('statements')).error).toMatchObject({
        statusCode: '409',
        message: 'The bucket you tried to delete is not empty',
      });
      expect((await service.storage.deleteBucket(name)).data).toEqual({ message: 'Successfully deleted' });
      expect((await service.storage.getBucket(name)).error).toMatchObject({ statusCode: '404' });
    });
  });

  // storageFileApi.test.ts "removes an object".
  it('removes files for the service role and answers the removed rows', async () => {
    const path = `${bob.id}/2026-03.csv`;
    const removed = await service.storage.from('statements').remove([path, `${bob.id}/never-there.csv`]);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([
      expect.objectContaining({ name: path, bucket_id: 'statements', id: expect.any(String) }),
    ]);
    expect((await service.storage.from('statements').download(path)).error).toMatchObject({
      statusCode: '404',
    });
  });
});

describe('stored files on disk', () => {
  it('keeps the bytes under <data dir>/storage across restarts, and removes them with their object', async () => {
    const projectDir = project();
    const dataDir = mkdtempSync(join(tmpdir(), 'lc-storage-data-'));
    const options = { port: 0, projectDir, dataDir, quiet: true };
    let server = await startLocalSupabase(options);
    try {
      const service = () => client(server, server.serviceRoleKey).storage.from('statements');
      expect(
        (await service().upload('u/2026-01.pdf', PDF, { contentType: 'application/pdf' })).error,
      ).toBeNull();
      // Named by the version's UUID, never by the key.
      expect(readdirSync(join(dataDir, 'storage'))).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
      await server.stop();
      server = await startLocalSupabase(options);
      const read = await service().download('u/2026-01.pdf');
      expect(Buffer.from(await read.data!.arrayBuffer()).equals(PDF)).toBe(true);
      // A replaced file's old bytes go once the new version is in.
      const update = await service().update('u/2026-01.pdf', Buffer.from('%PDF-2'), {
        contentType: 'application/pdf',
      });
      expect(update.error).toBeNull();
      expect(readdirSync(join(dataDir, 'storage'))).toHaveLength(1);
      expect(await (await service().download('u/2026-01.pdf')).data?.text()).toBe('%PDF-2');
      expect((await service().remove(['u/2026-01.pdf'])).data).toHaveLength(1);
      expect(readdirSync(join(dataDir, 'storage'))).toEqual([]);
    } finally {
      await server.stop();
      rmSync(projectDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
