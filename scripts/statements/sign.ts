/**
 * Signs a statement PDF and checks such a signature.
 *
 * Signing: a detached CMS (PKCS#7) signature, SHA-256, over the whole file except the signature
 * itself, in an incremental update added by @signpdf/placeholder-plain and filled by @signpdf/signpdf
 * with @signpdf/signer-p12 (node-forge). The SubFilter is adbe.pkcs7.detached: the signer adds
 * content type, signing time and message digest but not the ESS signing-certificate-v2 attribute
 * that ETSI.CAdES.detached (PAdES baseline) requires, so claiming PAdES would be untrue.
 *
 * The certificate: in production STATEMENT_SIGNING_P12_BASE64 and STATEMENT_SIGNING_P12_PASSWORD
 * (a PKCS#12 file). Elsewhere a self-signed development certificate, made at first use under
 * supabase/.local/statement-signing/ (git-ignored) and named as such in its subject, so a
 * statement signed with it can never pass for an issued one. With NODE_ENV=production and no
 * certificate in the environment, nothing is signed.
 *
 * Verifying (verifyStatementPdf) reads the file itself with node:crypto: the byte range must cover
 * everything but the signature's hex, the CMS must be exactly one SHA-256 signer whose digest
 * matches those bytes and whose signature verifies with the certificate it names. It does not
 * decide whether that certificate is trusted: compare the returned fingerprint with the firm's.
 */
import { createHash, generateKeyPairSync, randomBytes, verify, X509Certificate } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import forge from 'node-forge';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { P12Signer } from '@signpdf/signer-p12';
// The class, not the package's default export: under Node's ESM loader the CommonJS default is the
// whole module object (the instance sits at `.default`), under Vite it is the instance itself.
import { SignPdf } from '@signpdf/signpdf';

export const DEVELOPMENT_COMMON_NAME = 'Liquid Capital Limited (development)';
const DEVELOPMENT_PASSWORD = 'development';
const DEVELOPMENT_FILE = 'development.p12';
export const DEFAULT_DEVELOPMENT_DIR = fileURLToPath(
  new URL('../../supabase/.local/statement-signing/', import.meta.url),
);

export interface SigningIdentity {
  /** The PKCS#12 file: private key and certificate (and any chain). */
  p12: Buffer;
  password: string;
  /** True for the self-signed development certificate. */
  development: boolean;
}

export interface LoadIdentityOptions {
  env?: Record<string, string | undefined>;
  /** Where the development certificate lives (default supabase/.local/statement-signing/). */
  developmentDir?: string;
}

/** The production certificate from the environment, else the development one (made once). */
export function loadSigningIdentity(options: LoadIdentityOptions = {}): SigningIdentity {
  const env = options.env ?? process.env;
  const encoded = env['STATEMENT_SIGNING_P12_BASE64'];
  const password = env['STATEMENT_SIGNING_P12_PASSWORD'];
  if (encoded !== undefined && encoded !== '') {
    if (password === undefined) throw new Error('STATEMENT_SIGNING_P12_PASSWORD is not set');
    return { p12: Buffer.from(encoded, 'base64'), password, development: false };
  }
  if (env['NODE_ENV'] === 'production') {
    throw new Error(
      'STATEMENT_SIGNING_P12_BASE64 is not set: production statements are never signed with the development certificate',
    );
  }
  return developmentIdentity(options.developmentDir ?? DEFAULT_DEVELOPMENT_DIR);
}

function developmentIdentity(dir: string): SigningIdentity {
  const file = join(dir, DEVELOPMENT_FILE);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Written aside and linked into place: link fails if another process got there first, so two
    // test workers starting together end up sharing one certificate, never reading half a file.
    const draft = join(dir, `.${DEVELOPMENT_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
    writeFileSync(draft, makeDevelopmentP12(), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
    writeFileSync(
      join(dir, 'README.txt'),
      'Development signing certificate for monthly statements (self-signed, password "development").\n' +
        'Made by scripts/statements/sign.ts at first use. Never use it for statements sent to members.\n',
    );
  }
  return { p12: readFileSync(file), password: DEVELOPMENT_PASSWORD, development: true };
}

function makeDevelopmentP12(): Buffer {
  // Node makes the key (forge's pure-JS RSA key generation takes seconds); forge builds the
  // certificate and the PKCS#12 that @signpdf/signer-p12 reads.
  const { privateKey: pem } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial: the first byte below 0x80.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 60 * 60 * 1000);
  // Country first, common name last: the usual encoding order, so it reads "CN=…, …, C=HK".
  const name = [
    { shortName: 'C', value: 'HK' },
    { shortName: 'L', value: 'Hong Kong' },
    { shortName: 'O', value: 'Liquid Capital Limited' },
    { shortName: 'OU', value: 'DEVELOPMENT ONLY - not for statements sent to members' },
    { shortName: 'CN', value: DEVELOPMENT_COMMON_NAME },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], DEVELOPMENT_PASSWORD, {
    algorithm: 'aes256',
    friendlyName: DEVELOPMENT_COMMON_NAME,
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

export interface SignOptions {
  /** Shown by PDF readers beside the signature: "Monthly statement LC-00001234-2026-11-v1". */
  reason: string;
  /** Who to ask about it (the complaints address). */
  contactInfo: string;
  location?: string;
  signingTime?: Date;
}

export interface StatementSigner {
  /** The certificate's subject, "CN=…, O=…, …". */
  readonly subject: string;
  readonly development: boolean;
  sign(pdf: Uint8Array, options: SignOptions): Promise<Buffer>;
}

/** A signer for many statements: the PKCS#12 is opened once here, so a wrong password fails at start. */
export function createStatementSigner(identity: SigningIdentity = loadSigningIdentity()): StatementSigner {
  const opened = openPkcs12(identity);
  const subject = subjectText(opened.certificate);
  const name = commonName(opened.certificate) ?? subject;
  // P12Signer decrypts its PKCS#12 on every sign(). A real one is protected by thousands of key
  // derivation rounds in forge's JavaScript (about 100 ms a statement), so it gets the same key and
  // certificates re-wrapped once, in memory only, under a random password and a single round. The
  // key is in this process's memory either way; the copy is never written anywhere.
  const password = randomBytes(16).toString('hex');
  const wrapped = Buffer.from(
    forge.asn1
      .toDer(
        forge.pkcs12.toPkcs12Asn1(opened.key, opened.certs, password, {
          algorithm: 'aes256',
          count: 1,
          useMac: false,
        }),
      )
      .getBytes(),
    'binary',
  );
  const signPdf = new SignPdf();
  // The placeholder holds the CMS as hex: the certificates (the whole chain in production) plus the
  // signature. The PKCS#12 holds the same certificates and the key, so its size is a safe bound.
  const signatureLength = Math.max(8192, identity.p12.length + 4096);
  return {
    subject,
    development: identity.development,
    async sign(pdf, options) {
      const prepared = plainAddPlaceholder({
        pdfBuffer: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
        reason: options.reason,
        contactInfo: options.contactInfo,
        name,
        location: options.location ?? 'Hong Kong',
        signatureLength,
        ...(options.signingTime ? { signingTime: options.signingTime } : {}),
      });
      // A P12Signer reads its PKCS#12 from a forge buffer that its first sign() consumes, so a
      // second sign() on the same instance fails ("Too few bytes to parse DER"): one per PDF.
      const signer = new P12Signer(wrapped, { passphrase: password });
      return signPdf.sign(prepared, signer, options.signingTime);
    },
  };
}

interface OpenedPkcs12 {
  key: forge.pki.rsa.PrivateKey;
  certs: forge.pki.Certificate[];
  /** The certificate whose public key matches the private key. */
  certificate: X509Certificate;
}

// PKCS#12 bag types (RFC 7292), written out: forge's oids table is typed as possibly undefined.
const SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const CERT_BAG = '1.2.840.113549.1.12.10.1.3';

/** Decrypts the PKCS#12 (proving the password) and finds the certificate that goes with its key. */
function openPkcs12(identity: SigningIdentity): OpenedPkcs12 {
  const p12 = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(identity.p12.toString('binary')),
    false,
    identity.password,
  );
  const keyBag = p12.getBags({ bagType: SHROUDED_KEY_BAG })[SHROUDED_KEY_BAG]?.[0];
  // forge types a bag's key as its generic PrivateKey; P12Signer (like this) supports RSA keys only.
  const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('The signing PKCS#12 holds no private key');
  const certs = (p12.getBags({ bagType: CERT_BAG })[CERT_BAG] ?? []).flatMap((bag) =>
    bag.cert ? [bag.cert] : [],
  );
  const own = certs.find((cert) => (cert.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n));
  if (!own) throw new Error('The signing PKCS#12 holds no certificate for its private key');
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(own)).getBytes(), 'binary');
  return { key, certs, certificate: new X509Certificate(der) };
}

// RFC 4514 order: the last RDN first, "CN=…, O=…, C=HK" for a certificate encoded country first.
const subjectText = (cert: X509Certificate) => cert.subject.split('\n').reverse().join(', ');
const commonName = (cert: X509Certificate) => /^CN=(.*)$/m.exec(cert.subject)?.[1];

// ---------------------------------------------------------------------------------------------
// Verification

export class StatementSignatureError extends Error {
  override name = 'StatementSignatureError';
}

export interface VerifiedStatement {
  /** The signing certificate's subject, "CN=…, O=…, …". */
  subject: string;
  commonName: string | null;
  /** SHA-256 of the signing certificate, "AB:CD:…": compare with the firm's to trust it. */
  fingerprint256: string;
  /** The signing time the signer stated (signed attribute), if any. */
  signingTime: Date | null;
  development: boolean;
}

const fail = (why: string): never => {
  throw new StatementSignatureError(why);
};

/** One DER element: its tag, where its contents start and where it ends (exclusive). */
interface Tlv {
  tag: number;
  start: number;
  contentStart: number;
  end: number;
}

function readTlv(der: Buffer, offset: number, limit: number): Tlv {
  if (offset + 2 > limit) fail('truncated DER');
  const tag = der[offset] ?? 0;
  if ((tag & 0x1f) === 0x1f) fail('multi-byte DER tags are not used in CMS');
  const first = der[offset + 1] ?? 0;
  let length = first;
  let header = 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    // Definite lengths of 1 to 4 bytes only: an indefinite length is BER, not DER.
    if (count === 0 || count > 4) fail('unsupported DER length');
    if (offset + 2 + count > limit) fail('truncated DER length');
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + (der[offset + 2 + i] ?? 0);
    if (length < 0x80 || (count > 1 && der[offset + 2] === 0)) fail('non-minimal DER length');
    header += count;
  }
  const end = offset + header + length;
  if (end > limit) fail('DER element runs past its parent');
  return { tag, start: offset, contentStart: offset + header, end };
}

function childrenOf(der: Buffer, parent: Tlv): Tlv[] {
  const children: Tlv[] = [];
  for (let offset = parent.contentStart; offset < parent.end;) {
    const child = readTlv(der, offset, parent.end);
    children.push(child);
    offset = child.end;
  }
  return children;
}

function expectTag(node: Tlv | undefined, tag: number, what: string): Tlv {
  if (!node || node.tag !== tag) return fail(`${what}: unexpected structure`);
  return node;
}

const contents = (der: Buffer, node: Tlv) => der.subarray(node.contentStart, node.end);
const whole = (der: Buffer, node: Tlv) => der.subarray(node.start, node.end);

function oidOf(der: Buffer, node: Tlv | undefined, what: string): string {
  const bytes = contents(der, expectTag(node, 0x06, what));
  const first = bytes[0] ?? 0;
  const arcs = [Math.min(2, Math.floor(first / 40)), first - Math.min(2, Math.floor(first / 40)) * 40];
  let value = 0;
  for (const byte of bytes.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0;
    }
  }
  return arcs.join('.');
}

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  sha256: '2.16.840.1.101.3.4.2.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** Where the signature sits: the one /ByteRange and the /Contents hex it leaves out. */
function locateSignature(pdf: Buffer): { ranges: [number, number, number, number]; der: Buffer } {
  // Buffer searches, not a regular expression over the whole file: the tests verify thousands of
  // altered copies, and a statement is a few hundred kilobytes.
  const at = pdf.indexOf('/ByteRange');
  if (at === -1 || pdf.lastIndexOf('/ByteRange') !== at) fail('expected exactly one signature byte range');
  const close = pdf.indexOf(']', at);
  const found = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]$/.exec(
    close === -1 ? '' : pdf.toString('latin1', at, Math.min(close + 1, at + 200)),
  );
  if (!found) return fail('the byte range is not four numbers');
  const ranges = found.slice(1, 5).map(Number) as [number, number, number, number];
  const [a, b, c, d] = ranges;
  if (a !== 0 || !(b > 0) || !(c > b) || c + d !== pdf.length)
    fail('the byte range does not cover the whole file');
  if (pdf[b] !== 0x3c || pdf[c - 1] !== 0x3e) fail('the byte range does not leave out exactly the signature');
  if (at >= b && at < c) fail('the byte range lies inside the signature');
  if (!/\/Contents\s*$/.test(pdf.toString('latin1', Math.max(0, b - 32), b)))
    fail('the gap is not the signature contents');
  const hex = pdf.toString('latin1', b + 1, c - 1);
  // Lower-case only, as signpdf writes it: a byte whose case changed still decodes the same.
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/.test(hex)) fail('the signature contents are not hex');
  return { ranges, der: Buffer.from(hex, 'hex') };
}

/** Verifies the statement's signature; throws StatementSignatureError saying why it does not hold. */
export function verifyStatementPdf(bytes: Uint8Array): VerifiedStatement {
  try {
    return verifySignature(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    if (error instanceof StatementSignatureError) throw error;
    // A damaged certificate or key makes node:crypto throw its own errors: still "not valid".
    throw new StatementSignatureError(`unreadable signature: ${(error as Error).message}`, { cause: error });
  }
}

function verifySignature(pdf: Buffer): VerifiedStatement {
  const { ranges, der: padded } = locateSignature(pdf);

  // Every part of the CMS is either covered by a signature (the signed attributes by the signer's,
  // each certificate by its issuer's) or checked here to be exactly what this signer writes, with
  // exact element counts: no byte of it can change and still verify.
  const root = expectTag(readTlv(padded, 0, padded.length), 0x30, 'ContentInfo');
  // The placeholder is longer than the CMS: everything after it must be the zeros it was filled with.
  if (padded.subarray(root.end).some((byte) => byte !== 0)) fail('bytes after the signature');
  const der = padded.subarray(0, root.end);
  const [typeNode, explicit] = exactly(childrenOf(der, root), 2, 'ContentInfo');
  if (oidOf(der, typeNode, 'content type') !== OID.signedData) fail('not a CMS SignedData');
  const [signedData] = exactly(childrenOf(der, expectTag(explicit, 0xa0, 'content')), 1, 'content');
  // version, digestAlgorithms, encapContentInfo, certificates, signerInfos (no CRLs).
  const [version, digestAlgorithms, encap, certificateSet, signerInfoSet] = exactly(
    childrenOf(der, expectTag(signedData, 0x30, 'SignedData')),
    5,
    'SignedData',
  );
  expectVersion(der, version, 1, 'SignedData');
  const [digestAlgorithm] = exactly(
    childrenOf(der, expectTag(digestAlgorithms, 0x31, 'digest algorithms')),
    1,
    'digest algorithms',
  );
  if (algorithmOf(der, digestAlgorithm) !== OID.sha256) fail('the digest is not SHA-256');
  const [encapType] = exactly(
    childrenOf(der, expectTag(encap, 0x30, 'encapsulated content')),
    1,
    'detached content',
  );
  if (oidOf(der, encapType, 'encapsulated content type') !== OID.data) fail('signed content is not data');
  const certificates = childrenOf(der, expectTag(certificateSet, 0xa0, 'certificates')).map(
    (node) => new X509Certificate(whole(der, expectTag(node, 0x30, 'certificate'))),
  );
  for (const cert of certificates) {
    // Self-signed, or issued by another certificate it carries: the full chain, up to its root.
    // (Names compared as text rather than with checkIssued, which also demands the keyCertSign
    // usage that a self-signed signing certificate, like the development one, does not have.)
    if (!certificates.some((issuer) => cert.issuer === issuer.subject && cert.verify(issuer.publicKey))) {
      fail(`the certificate ${cert.subject.replaceAll('\n', ', ')} is not signed by one in the chain`);
    }
  }

  const [signerInfo] = exactly(childrenOf(der, expectTag(signerInfoSet, 0x31, 'signer infos')), 1, 'signers');
  // version, sid, digestAlgorithm, signedAttrs, signatureAlgorithm, signature (no unsigned attributes).
  const [infoVersion, sidNode, infoDigest, attributesNode, signatureAlgorithmNode, signatureNode] = exactly(
    childrenOf(der, expectTag(signerInfo, 0x30, 'signer info')),
    6,
    'signer info',
  );
  expectVersion(der, infoVersion, 1, 'signer info');
  const [issuerNode, serialNode] = exactly(
    childrenOf(der, expectTag(sidNode, 0x30, 'signer identifier')),
    2,
    'sid',
  );
  const sidIssuer = whole(der, expectTag(issuerNode, 0x30, 'signer issuer'));
  const sidSerial = whole(der, expectTag(serialNode, 0x02, 'signer serial'));
  if (algorithmOf(der, infoDigest) !== OID.sha256) fail('the digest is not SHA-256');
  const signatureAlgorithm = algorithmOf(der, signatureAlgorithmNode);
  const allowed: string[] = [OID.rsaEncryption, OID.sha256WithRsa, OID.ecdsaWithSha256];
  if (!allowed.includes(signatureAlgorithm)) fail(`unsupported signature algorithm ${signatureAlgorithm}`);
  const signature = contents(der, expectTag(signatureNode, 0x04, 'signature'));

  let messageDigest: Buffer | null = null;
  let contentTypeOk = false;
  let signingTime: Date | null = null;
  const attributes = expectTag(attributesNode, 0xa0, 'signed attributes');
  for (const attribute of childrenOf(der, attributes)) {
    const [oidNode, valuesNode] = exactly(
      childrenOf(der, expectTag(attribute, 0x30, 'attribute')),
      2,
      'attribute',
    );
    const oid = oidOf(der, oidNode, 'attribute type');
    const [value] = exactly(
      childrenOf(der, expectTag(valuesNode, 0x31, 'attribute values')),
      1,
      `attribute ${oid}`,
    );
    if (oid === OID.messageDigest) messageDigest = contents(der, expectTag(value, 0x04, 'message digest'));
    if (oid === OID.contentType) contentTypeOk = oidOf(der, value, 'content type attribute') === OID.data;
    if (oid === OID.signingTime) signingTime = asn1Time(der, value);
  }
  if (!messageDigest || !contentTypeOk) fail('signed attributes lack the content type or the digest');

  const signer = certificates.find((cert) => {
    const ids = certificateIds(cert.raw);
    return ids.issuer.equals(sidIssuer) && ids.serial.equals(sidSerial);
  });
  if (!signer) return fail('the signing certificate is not in the signature');

  // The signature is over the signed attributes, DER-encoded as a SET (tag 0x31 instead of [0]).
  const signedAttributes = Buffer.from(whole(der, attributes));
  signedAttributes[0] = 0x31;
  if (!verify('sha256', signedAttributes, signer.publicKey, signature)) fail('the signature does not verify');

  // The digest the signer signed must be the digest of every byte outside the signature.
  const [, b, c, d] = ranges;
  const digest = createHash('sha256')
    .update(pdf.subarray(0, b))
    .update(pdf.subarray(c, c + d))
    .digest();
  if (!digest.equals(messageDigest as Buffer)) fail('the document changed after it was signed');

  if (signingTime && (signingTime < new Date(signer.validFrom) || signingTime > new Date(signer.validTo))) {
    fail('signed outside the certificate validity');
  }
  return {
    subject: subjectText(signer),
    commonName: commonName(signer) ?? null,
    fingerprint256: signer.fingerprint256,
    signingTime,
    development: commonName(signer) === DEVELOPMENT_COMMON_NAME,
  };
}

function exactly(nodes: Tlv[], count: number, what: string): Tlv[] {
  if (nodes.length !== count) fail(`${what}: ${nodes.length} elements where ${count} belong`);
  return nodes;
}

function expectVersion(der: Buffer, node: Tlv | undefined, version: number, what: string): void {
  const value = contents(der, expectTag(node, 0x02, `${what} version`));
  if (value.length !== 1 || value[0] !== version) fail(`${what}: version is not ${version}`);
}

/** An AlgorithmIdentifier's OID; its parameters must be absent or NULL (as for SHA-256 and RSA). */
function algorithmOf(der: Buffer, node: Tlv | undefined): string {
  const parts = childrenOf(der, expectTag(node, 0x30, 'algorithm identifier'));
  if (parts.length === 2) {
    const parameters = parts[1] as Tlv;
    if (parameters.tag !== 0x05 || parameters.end !== parameters.contentStart)
      fail('unexpected algorithm parameters');
  } else if (parts.length !== 1) fail('malformed algorithm identifier');
  return oidOf(der, parts[0], 'algorithm');
}

/** The issuer Name and serial INTEGER of a certificate, as DER, to match the signer identifier. */
function certificateIds(raw: Buffer): { issuer: Buffer; serial: Buffer } {
  const cert = expectTag(readTlv(raw, 0, raw.length), 0x30, 'certificate');
  const tbs = childrenOf(raw, expectTag(childrenOf(raw, cert)[0], 0x30, 'tbsCertificate'));
  const offset = tbs[0]?.tag === 0xa0 ? 1 : 0;
  return {
    serial: whole(raw, expectTag(tbs[offset], 0x02, 'serial')),
    issuer: whole(raw, expectTag(tbs[offset + 2], 0x30, 'issuer')),
  };
}

function asn1Time(der: Buffer, node: Tlv | undefined): Date {
  if (!node) return fail('no signing time');
  const text = contents(der, node).toString('latin1');
  const utc = node.tag === 0x17 ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text) : null;
  const general = node.tag === 0x18 ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text) : null;
  const parts = utc ?? general;
  if (!parts) return fail('the signing time is not a UTC time');
  const [, y = '', mo = '', day = '', h = '', mi = '', s = ''] = parts;
  // UTCTime's two-digit years: 50-99 are 1950-1999 (RFC 5280).
  const year = utc ? (Number(y) >= 50 ? 1900 : 2000) + Number(y) : Number(y);
  return new Date(Date.UTC(year, Number(mo) - 1, Number(day), Number(h), Number(mi), Number(s)));
}
