/**
 * A software authenticator for the API's passkey tests: an EC P-256 key per credential (node's
 * crypto), attestation 'none' and assertions built byte by byte as WebAuthn defines them, so
 * the server's @simplewebauthn/server checks real signatures. The small CBOR encoder covers
 * what an attestation object needs (maps, integers, byte and text strings) and lives here only.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// ---------------------------------------------------------------- CBOR (RFC 8949), the subset used

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

type Cbor = number | string | Buffer | Map<number | string, Cbor>;

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

// ---------------------------------------------------------------- the authenticator

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/** One credential the authenticator holds. */
export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
  /** The user handle the relying party gave at registration (base64url). */
  userHandle: string;
  rpId: string;
}

/** Flags of authenticator data (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

export interface AuthenticatorOptions {
  origin: string;
  /** Multi-device (backup eligible and backed up), like a synced passkey. */
  synced?: boolean;
  /** Whether the user is verified (PIN, biometrics). */
  userVerified?: boolean;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

/** A software authenticator holding discoverable credentials. */
export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  constructor(readonly options: AuthenticatorOptions) {}

  private flags(extra: number) {
    const synced = this.options.synced ? BE | BS : 0;
    return UP | (this.options.userVerified === false ? 0 : UV) | synced | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.options.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** `navigator.credentials.create` with attestation 'none': the browser's RegistrationResponseJSON. */
  register(options: CreationOptions) {
    const rpId = options.rp.id!;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(Buffer.from(rpId)),
      Buffer.from([this.flags(AT)]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      credentialIdLength,
      id,
      coseKey,
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const credential: SoftCredential = { id, privateKey, publicKey, counter: 0, userHandle: options.user.id, rpId };
    this.credentials.push(credential);
    return {
      credential,
      response: {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      },
    };
  }

  /**
   * `navigator.credentials.get`: the browser's AuthenticationResponseJSON, signed by `credential`
   * (the last registered by default). `counter` sets the signature counter (default: one more).
   */
  assert(options: RequestOptions, how: { credential?: SoftCredential; counter?: number; origin?: string; signWith?: KeyObject } = {}) {
    const credential = how.credential ?? this.credentials.at(-1)!;
    credential.counter = how.counter ?? credential.counter + 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authenticatorData = Buffer.concat([sha256(Buffer.from(options.rpId ?? credential.rpId)), Buffer.from([this.flags(0)]), counter]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, how.origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), how.signWith ?? credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
