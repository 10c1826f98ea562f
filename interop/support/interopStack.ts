/**
 * What the interop suite's global set-up provides to every test file (`inject('interop')`): one shared
 * server with its stand-ins, described by plain values (test files run in workers).
 */
export type InteropStack = {
  /** The Foyer server's base URL (`http://127.0.0.1:<port>`), the clients' `baseUrl` / `apiUrl`. */
  apiUrl: string
  /** The app the clients sign in to (the seeded demo app). */
  appId: string
  /** The origin the Node client's WebAuthn and wallet messages claim (one of the app's allowed origins). */
  origin: string
  /** The local OpenID Connect provider's test users' subjects, one per test that signs in with OAuth. */
  oauthLogins: string[]
  /** Telegram: the demo app's bot. */
  telegram: { botName: string; botToken: string }
  /** Farcaster: the relay stand-in (for the test phone) and accounts registered in the Id Registry stand-in. */
  farcaster: {
    relayUrl: string
    authKey: string
    accounts: Array<{ fid: number; privateKey: `0x${string}` }>
  }
  /** The host's JWT issuer the demo app trusts: RS256 key (PKCS #8 PEM), `iss` and `aud`. */
  customJwt: { privateKeyPem: string; issuer: string; audience: string }
  /** The small Vite page that mounts react-auth's provider against the server. */
  pageUrl: string
  /** anvil (chain 31337): the page's only chain, where react-auth sends its transactions. */
  anvilRpcUrl: string
  /**
   * Coinbase Onramp stand-in: its pay page (`https://pay.coinbase.com/buy/select-asset` of the real service),
   * and the local chain with Base's id (8453) it delivers purchases on.
   */
  coinbase: { payUrl: string; baseRpcUrl: string }
  /** The suite's one Chromium (a Playwright browser server on loopback): test files connect, each in its own contexts. */
  browserWsEndpoint: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    interop: InteropStack
  }
}
