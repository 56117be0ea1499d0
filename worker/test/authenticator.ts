import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';

/**
 * A software passkey authenticator for Worker tests: ES256 keys from WebCrypto, "none"
 * attestation, user present and verified. It answers exactly what a browser would send back.
 */
export class SoftAuthenticator {
  private credentials: { id: string; keys: CryptoKeyPair; rpId: string; counter: number; userHandle: string }[] = [];

  async create(options: PublicKeyCredentialCreationOptionsJSON, origin: string, challenge = options.challenge) {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const jwk = (await crypto.subtle.exportKey('jwk', keys.publicKey)) as JsonWebKey;
    const rawId = crypto.getRandomValues(new Uint8Array(16));
    const id = b64url(rawId);
    const rpId = options.rp.id!;
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, fromB64url(jwk.x!)],
        [-3, fromB64url(jwk.y!)],
      ]),
    );
    const authData = concat(await sha256(rpId), new Uint8Array([0x45]), u32(0), new Uint8Array(16), new Uint8Array([0, rawId.length]), rawId, cose);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge, origin, crossOrigin: false });
    this.credentials.push({ id, keys, rpId, counter: 0, userHandle: options.user.id });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: { clientDataJSON: b64url(new TextEncoder().encode(clientDataJSON)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Sign in with this authenticator's first (or the given) credential for the options' relying party. */
  async get(options: PublicKeyCredentialRequestOptionsJSON, origin: string, which = 0, challenge = options.challenge) {
    const cred = this.credentials.filter((c) => c.rpId === options.rpId)[which];
    if (!cred) throw new Error('no credential for this site');
    cred.counter++;
    const authData = concat(await sha256(cred.rpId), new Uint8Array([0x05]), u32(cred.counter));
    const clientData = new TextEncoder().encode(JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }));
    const signed = concat(authData, new Uint8Array(await crypto.subtle.digest('SHA-256', clientData)));
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, cred.keys.privateKey, signed));
    return {
      id: cred.id,
      rawId: cred.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(derSignature(raw)), userHandle: cred.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}

export function b64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromB64url(s: string): Uint8Array {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

function u32(n: number): Uint8Array {
  return new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** WebCrypto's ECDSA signature is r‖s; WebAuthn carries it DER-encoded. */
function derSignature(raw: Uint8Array): Uint8Array {
  const int = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    const trimmed = bytes.slice(i);
    const body = trimmed[0]! & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([0x02, body.length]), body);
  };
  const seq = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(new Uint8Array([0x30, seq.length]), seq);
}
