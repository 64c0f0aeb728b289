// A real OpenID provider for the tests: panva's `oidc-provider` (npm) on loopback, with one
// confidential client. Usage: node oidc-provider.mjs <port> <client_id> <client_secret> <redirect_uri>
//
// The login screen is replaced by one the tests drive: GET /interaction/<uid>?account=<id>&email=
// <address>&verified=<true|false>&name=<name> logs that account in and grants the scopes asked.
// POST /test/next-token?mode=tamper|none spoils the next ID token the token endpoint answers
// (a changed payload under the old signature, or an unsigned token), to test the relying party.
// With ID_TOKEN_CLAIMS=1 the email and name are in the ID token; without, only in UserInfo.
import http from 'node:http';
import Provider from 'oidc-provider';

const [port, clientId, clientSecret, redirectUri] = process.argv.slice(2);
const issuer = `http://127.0.0.1:${port}`;
const accounts = new Map();
let nextTokenMode = null;

const provider = new Provider(issuer, {
  clients: [{
    client_id: clientId,
    client_secret: clientSecret,
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  }],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name'],
  },
  conformIdTokenClaims: process.env.ID_TOKEN_CLAIMS !== '1',
  features: { devInteractions: { enabled: false } },
  cookies: { keys: ['slotbook-tests-cookie-key'] },
  pkce: { required: () => true },
  findAccount: (ctx, id) => {
    const account = accounts.get(id);
    if (!account) return undefined;
    return {
      accountId: id,
      claims: () => ({ sub: id, ...account }),
    };
  },
});
provider.proxy = false;

// Spoils the next ID token after the token endpoint has answered.
provider.use(async (ctx, next) => {
  await next();
  if (ctx.path === '/token' && nextTokenMode && ctx.body && ctx.body.id_token) {
    const [head, body, signature] = ctx.body.id_token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    if (nextTokenMode === 'tamper') {
      claims.sub = 'someone-else';
      const changed = Buffer.from(JSON.stringify(claims)).toString('base64url');
      ctx.body = { ...ctx.body, id_token: `${head}.${changed}.${signature}` };
    } else if (nextTokenMode === 'none') {
      const unsigned = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      ctx.body = { ...ctx.body, id_token: `${unsigned}.${body}.` };
    }
    nextTokenMode = null;
  }
});

const callback = provider.callback();

async function finishInteraction(req, res, url) {
  const details = await provider.interactionDetails(req, res);
  const accountId = url.searchParams.get('account');
  if (!accountId) {
    res.writeHead(400).end('account missing');
    return;
  }
  const claims = {};
  if (url.searchParams.has('email')) claims.email = url.searchParams.get('email');
  if (url.searchParams.has('verified')) claims.email_verified = url.searchParams.get('verified') === 'true';
  if (url.searchParams.has('name')) claims.name = url.searchParams.get('name');
  if (url.searchParams.has('given_name')) claims.given_name = url.searchParams.get('given_name');
  if (url.searchParams.has('family_name')) claims.family_name = url.searchParams.get('family_name');
  accounts.set(accountId, claims);
  const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
  grant.addOIDCScope(details.params.scope);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, {
    login: { accountId },
    consent: { grantId },
  }, { mergeWithLastSubmission: false });
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, issuer);
  if (url.pathname.startsWith('/interaction/')) {
    finishInteraction(req, res, url).catch((error) => {
      res.writeHead(500).end(String(error));
    });
    return;
  }
  if (url.pathname === '/test/next-token' && req.method === 'POST') {
    nextTokenMode = url.searchParams.get('mode');
    res.writeHead(204).end();
    return;
  }
  callback(req, res);
});

server.listen(Number(port), '127.0.0.1', () => {
  process.stdout.write(`ready ${issuer}\n`);
});
