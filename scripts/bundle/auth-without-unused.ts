/**
 * A client-build plugin that leaves three parts of supabase's auth client out of the SPA, which
 * ship in every signed-in page's first download (~4 KB gzip) although the browser never runs
 * them: the admin API (it needs the secret key, which never reaches the browser), sign-in with
 * an Ethereum wallet and WebAuthn factors (the product's second factor is TOTP). The imports of
 * GoTrueClient that bring them in become stubs that throw if anything ever calls them, and report
 * WebAuthn as unsupported. The workers and tests keep the real client.
 *
 * The build fails when the file no longer has these imports (a new version moved them): look
 * again rather than ship them silently or break the client.
 */
import type { Plugin } from "vite";

const GOTRUE_CLIENT = /[\\/]node_modules[\\/]@supabase[\\/]auth-js[\\/]dist[\\/]module[\\/]GoTrueClient\.js$/;

const IMPORTS = {
  admin: "import GoTrueAdminApi from './GoTrueAdminApi';",
  ethereum: "import { createSiweMessage, fromHex, getAddress, toHex, } from './lib/web3/ethereum';",
  webauthn:
    "import { createCredential, deserializeCredentialCreationOptions, deserializeCredentialRequestOptions, getCredential, serializeCredentialCreationResponse, serializeCredentialRequestResponse, browserSupportsWebAuthn, webAuthnAbortService, WebAuthnApi, } from './lib/webauthn';",
};

const STUBS = `
const notInBrowser = () => { throw new Error("this part of the auth client is not part of the browser build"); };
const unavailableApi = class { constructor() { return new Proxy({}, { get: (_, p) => (p === "then" ? undefined : notInBrowser) }); } };
const GoTrueAdminApi = unavailableApi;
const WebAuthnApi = unavailableApi;
const createSiweMessage = notInBrowser, fromHex = notInBrowser, getAddress = notInBrowser, toHex = notInBrowser;
const createCredential = notInBrowser, getCredential = notInBrowser;
const deserializeCredentialCreationOptions = notInBrowser, deserializeCredentialRequestOptions = notInBrowser;
const serializeCredentialCreationResponse = notInBrowser, serializeCredentialRequestResponse = notInBrowser;
const browserSupportsWebAuthn = () => false;
const webAuthnAbortService = { createNewAbortSignal: notInBrowser, cancelCeremony() {} };
`;

export function authWithoutUnused(): Plugin {
  return {
    name: "ghana-realty:auth-without-unused",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!GOTRUE_CLIENT.test(id)) return null;
      let out = code;
      for (const [name, line] of Object.entries(IMPORTS)) {
        if (!out.includes(line))
          throw new Error(
            `supabase's GoTrueClient no longer imports ${name} as expected (scripts/bundle/auth-without-unused.ts)`,
          );
        out = out.replace(line, "");
      }
      return { code: STUBS + out, map: null };
    },
  };
}
