import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { ORIGIN } from './test-app';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array | string) => Buffer.from(data).toString('base64url');
const uint32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

type Key = { privateKey: KeyObject; counter: number; userHandle: string };

/**
 * A software authenticator for API tests: real ES256 keys and real WebAuthn structures (attestation
 * "none", signed assertions), so the server's verification runs as with a browser. The browser's
 * own ceremony is e2e/passkeys.test.ts (Chromium's virtual authenticator).
 */
export class SoftAuthenticator {
  readonly keys = new Map<string, Key>();

  constructor(
    readonly origin = ORIGIN,
    readonly rpId = new URL(ORIGIN).hostname,
  ) {}

  /** The answer of navigator.credentials.create() to these options. */
  register(options: { challenge: string; user: { id: string } }) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    const credentialId = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      uint32(0),
      Buffer.alloc(16), // AAGUID
      idLength,
      credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const id = b64url(credentialId);
    this.keys.set(id, { privateKey, counter: 0, userHandle: options.user.id });
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * The answer of navigator.credentials.get(): signed by `id`'s key (the first one by default),
   * its counter one more than last time unless `counter` says otherwise.
   */
  authenticate(options: { challenge: string }, opts: { id?: string; counter?: number; challenge?: string } = {}) {
    const id = opts.id ?? [...this.keys.keys()][0]!;
    const key = this.keys.get(id)!;
    key.counter = opts.counter ?? key.counter + 1;
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([0x05]), uint32(key.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', opts.challenge ?? options.challenge);
    const signature = createSign('sha256')
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(key.privateKey);
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: key.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  private clientData(type: string, challenge: string): string {
    return JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false });
  }
}
