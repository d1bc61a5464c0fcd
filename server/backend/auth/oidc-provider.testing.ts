// A real OpenID Connect provider for tests: the `oidc-provider` package on a free local port, with
// one confidential client whose redirect URI is the site's /auth/v1/callback and accounts whose
// claims the test chooses. `loginAt` walks its login and consent pages over HTTP as a browser
// would (its development interaction screens), so the test sees the provider's real redirect.
import { createServer } from "node:http";
import type { RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import { Provider } from "oidc-provider";

export interface TestAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  /** Google Workspace's hosted-domain claim. */
  hd?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Follows `authorizeUrl` (the provider's authorization endpoint) through login (as `login`, an
   * account's key) and consent; answers the URL the provider sends the browser back to.
   */
  loginAt(authorizeUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

const MAX_HOPS = 20;

export async function startTestProvider(opts: {
  redirectUri: string;
  accounts: Record<string, TestAccount>;
}): Promise<TestProvider> {
  // The issuer names the port, so the provider is made once the server listens.
  let handler: RequestListener | null = null;
  const server = createServer((req, res) => (handler ? handler(req, res) : res.end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "omnia-test";
  const clientSecret = "omnia-test-secret-that-is-long-enough";
  const signing = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    findAccount: (_ctx, id) => {
      const account = opts.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified", "hd"], profile: ["name"] },
    // Like Google and Entra: the e-mail is in the ID token itself.
    conformIdTokenClaims: false,
    cookies: { keys: ["test-provider-cookie-key"] },
    jwks: { keys: [{ ...(await exportJWK(signing.privateKey)), kid: "test-provider", alg: "RS256", use: "sig" }] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: true } },
  });
  handler = provider.callback();

  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (!pair || at < 1) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  };
  const request = async (url: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    remember(res);
    return res;
  };

  return {
    issuer,
    clientId,
    clientSecret,
    async loginAt(authorizeUrl, login) {
      jar.clear();
      let res = await request(authorizeUrl);
      for (let hop = 0; hop < MAX_HOPS; hop++) {
        const location = res.headers.get("location");
        if (location) {
          const next = new URL(location, issuer);
          if (next.origin !== issuer) return next;
          res = await request(next.href);
          continue;
        }
        const html = await res.text();
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
        if (!action || !prompt)
          throw new Error(`the provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
        const form = new URLSearchParams({ prompt, ...(prompt === "login" ? { login, password: "any" } : {}) });
        res = await request(new URL(action.replaceAll("&amp;", "&"), issuer).href, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: form.toString(),
        });
      }
      throw new Error("the provider redirected too many times");
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
