/**
 * The ES256 signing key (generated once per data folder and kept there) and JWT helpers.
 * Access tokens are verifiable by anyone through /auth/v1/.well-known/jwks.json, like a
 * Supabase project with asymmetric JWT signing keys.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from "jose";

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  issuer: string;
  sign(claims: JWTPayload, expiresInSeconds: number): Promise<string>;
  verify(token: string): Promise<JWTPayload>;
}

export async function loadSigningKeys(dataDir: string, issuer: string): Promise<SigningKeys> {
  const file = path.join(dataDir, "jwt-signing-key.json");
  let stored: { kid: string; privateJwk: JWK; publicJwk: JWK };
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, "utf8"));
  } else {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    const kid = crypto.randomUUID();
    stored = {
      kid,
      privateJwk: { ...(await exportJWK(privateKey)), kid, alg: "ES256", use: "sig" },
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig", key_ops: ["verify"] },
    };
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  const privateKey = (await importJWK(stored.privateJwk, "ES256")) as CryptoKey;
  const publicKey = await importJWK(stored.publicJwk, "ES256");
  return {
    kid: stored.kid,
    privateKey,
    publicJwk: stored.publicJwk,
    issuer,
    async sign(claims, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: "ES256", kid: stored.kid, typ: "JWT" })
        .setIssuer(issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(privateKey);
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, publicKey, { issuer, algorithms: ["ES256"] });
      return payload;
    },
  };
}
