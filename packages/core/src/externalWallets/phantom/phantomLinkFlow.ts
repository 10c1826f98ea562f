import type { AuthMode, User } from '@foyer/protocol'
import { base58, base64 } from '@scure/base'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import nacl from 'tweetnacl'
import type { FoyerClient } from '../../client/FoyerClient'
import { request } from '../../http/request'
import { authenticate, beginAuthFlow } from '../../session/authenticate'
import { pageLoadParameterNames } from '../../session/pageLoadParameters'
import { recordWalletConnection } from '../connectionHistory'
import type { ConnectedExternalWallet } from '../ExternalWallet'
import { WalletConnectionError } from '../errors/WalletConnectionError'
import { walletErrorTexts } from '../errors/walletErrorTexts'
import { SIGN_IN_STATEMENT } from '../ethereum/buildSiweMessage'
import {
  type PhantomCluster,
  type PhantomLinkSession,
  phantomConnectLink,
  phantomSignMessageLink,
  phantomSignTransactionLink,
  readPhantomConnectResponse,
  readPhantomSignResponse,
} from './phantomDeepLinks'

/** The wallet client type and connector type of a Phantom link session (docs/external-wallets.md "Phantom on a phone"). */
export const PHANTOM_LINK_LABELS = { walletClientType: 'phantom', connectorType: 'deep_link' } as const

/** The query parameters Phantom appends to the redirect link; read and removed on the return. */
const RESPONSE_PARAMETERS = ['phantom_encryption_public_key', 'nonce', 'data', 'errorCode', 'errorMessage']

/** A step of a Phantom link session the user leaves the page for. */
export type PhantomLinkStep = 'connect' | 'signIn' | 'signMessage' | 'signTransaction'

/** What survives the page reload a universal-link return is (the client's storage, per app). */
type StoredLink = {
  /** The dapp's x25519 secret key of this session, base58. */
  dappSecretKey: string
  /** After `connect`: the address, Phantom's session token and `phantom_encryption_public_key` (base58). */
  session?: { address: string; session: string; phantomPublicKey: string }
  /** The link the user was sent through and is expected back from. */
  pending?: { step: PhantomLinkStep; mode?: AuthMode; message?: string }
}

/** Options every Phantom link call shares. */
export type PhantomLinkOptions = {
  /** Phantom's universal-link base; default `https://phantom.app/ul/v1` (a stand-in's in tests). */
  baseUrl?: string | undefined
  /** The page Phantom sends the user back to; default the current page (`location.href`). */
  redirectLink?: string | undefined
}

/** What a return from Phantom finished (see {@link resumePhantomLink}). */
export type PhantomLinkOutcome =
  /** Connected for a sign-in: the user now signs the SIWS message in Phantom, through `link`. */
  | { kind: 'sign'; link: string; wallet: ConnectedExternalWallet }
  /** Signed in with the SIWS signature (`POST /api/v1/siws/authenticate`). */
  | { kind: 'signedIn'; user: User; isNewUser: boolean; wallet: ConnectedExternalWallet }
  /** A `signMessage` answer: the 64-byte Ed25519 signature. */
  | { kind: 'signature'; signature: Uint8Array }
  /** A `signTransaction` answer: the signed transaction's wire bytes. */
  | { kind: 'transaction'; transaction: Uint8Array }

function storageKey(client: FoyerClient): string {
  return `foyer:${client.appId}:phantom_link`
}

async function readStored(client: FoyerClient): Promise<StoredLink | undefined> {
  const raw = await client._internal.storage().get(storageKey(client))
  if (!raw) return undefined
  try {
    const parsed = JSON.parse(raw) as StoredLink
    return typeof parsed.dappSecretKey === 'string' ? parsed : undefined
  } catch {
    return undefined
  }
}

function writeStored(client: FoyerClient, stored: StoredLink): Promise<void> {
  return client._internal.storage().set(storageKey(client), JSON.stringify(stored))
}

function currentHref(): string {
  const href = (globalThis as { location?: { href?: string } }).location?.href
  if (!href) throw new TypeError('A Phantom link needs a page location (or redirectLink).')
  return href
}

/** The redirect link: the page, with `privy_connector` and `privy_wallet_client` so its next load knows. */
function redirectLinkOf(options: PhantomLinkOptions): string {
  const url = new URL(options.redirectLink ?? currentHref())
  for (const name of RESPONSE_PARAMETERS) url.searchParams.delete(name)
  url.searchParams.set(pageLoadParameterNames.connector, PHANTOM_LINK_LABELS.connectorType)
  url.searchParams.set(pageLoadParameterNames.walletClient, PHANTOM_LINK_LABELS.walletClientType)
  url.hash = ''
  return url.toString()
}

function keysOf(stored: StoredLink) {
  const secretKey = base58.decode(stored.dappSecretKey)
  return { secretKey, publicKey: nacl.box.keyPair.fromSecretKey(secretKey).publicKey }
}

function sessionOf(stored: StoredLink): PhantomLinkSession | undefined {
  if (!stored.session) return undefined
  const keys = keysOf(stored)
  return {
    address: stored.session.address,
    session: stored.session.session,
    sharedSecret: nacl.box.before(base58.decode(stored.session.phantomPublicKey), keys.secretKey),
    dappPublicKey: keys.publicKey,
  }
}

/**
 * Starts a sign-in through Phantom's universal links (docs/external-wallets.md "Phantom on a phone"): a fresh
 * x25519 key pair is stored (the client's storage, `foyer:<appId>:phantom_link`) and the `connect` link is
 * returned; the caller sends the user there (`location.href = link`, from a click). Phantom comes back to
 * the page, where {@link resumePhantomLink} continues.
 *
 * @param parameters.mode - `'no-signup'` refuses to create a user, as {@link loginWithExternalWallet}
 * @param parameters.appUrl - the app's URL Phantom shows (default `location.origin`)
 * @returns the `connect` universal link
 */
export async function beginPhantomLinkSignIn(
  client: FoyerClient,
  parameters: PhantomLinkOptions & {
    mode?: AuthMode | undefined
    appUrl?: string | undefined
    cluster?: PhantomCluster | undefined
  } = {},
): Promise<string> {
  const keys = nacl.box.keyPair()
  const pending = parameters.mode
    ? { step: 'connect' as const, mode: parameters.mode }
    : { step: 'connect' as const }
  await writeStored(client, { dappSecretKey: base58.encode(keys.secretKey), pending })
  const redirectLink = redirectLinkOf(parameters)
  return phantomConnectLink({
    keys,
    appUrl: parameters.appUrl ?? new URL(redirectLink).origin,
    redirectLink,
    cluster: parameters.cluster,
    baseUrl: parameters.baseUrl,
  })
}

async function beginSign(
  client: FoyerClient,
  step: 'signMessage' | 'signTransaction',
  link: (session: PhantomLinkSession, redirectLink: string) => string,
  options: PhantomLinkOptions,
): Promise<string> {
  const stored = await readStored(client)
  const session = stored && sessionOf(stored)
  if (!stored || !session) throw new WalletConnectionError({ details: walletErrorTexts.notConnected })
  await writeStored(client, { ...stored, pending: { step } })
  return link(session, redirectLinkOf(options))
}

/**
 * The `signMessage` link for the connected Phantom account (Phantom's payload `{ message (base58), session,
 * display }`); the answer arrives on the return as `{ kind: 'signature' }` from {@link resumePhantomLink}.
 *
 * @throws WalletConnectionError 'Wallet is not currently connected.' without a Phantom link session
 */
export function phantomLinkSignMessage(
  client: FoyerClient,
  parameters: PhantomLinkOptions & { message: Uint8Array; display?: 'utf8' | 'hex' },
): Promise<string> {
  return beginSign(
    client,
    'signMessage',
    (session, redirectLink) =>
      phantomSignMessageLink({
        session,
        message: parameters.message,
        display: parameters.display,
        redirectLink,
        baseUrl: parameters.baseUrl,
      }),
    parameters,
  )
}

/**
 * The `signTransaction` link for a Solana transaction's wire bytes (legacy or v0); the signed transaction
 * arrives on the return as `{ kind: 'transaction' }` from {@link resumePhantomLink}. The app sends it itself.
 *
 * @throws WalletConnectionError 'Wallet is not currently connected.' without a Phantom link session
 */
export function phantomLinkSignTransaction(
  client: FoyerClient,
  parameters: PhantomLinkOptions & { transaction: Uint8Array },
): Promise<string> {
  return beginSign(
    client,
    'signTransaction',
    (session, redirectLink) =>
      phantomSignTransactionLink({
        session,
        transaction: parameters.transaction,
        redirectLink,
        baseUrl: parameters.baseUrl,
      }),
    parameters,
  )
}

/** The address of the Phantom link session kept in this browser, or `null`. */
export async function getPhantomLinkAddress(client: FoyerClient): Promise<string | null> {
  return (await readStored(client))?.session?.address ?? null
}

/**
 * The step a page left for Phantom and awaits on its return: `'connect'` and `'signIn'` (a sign-in),
 * `'signMessage'`, `'signTransaction'`; `null` when none.
 */
export async function getPendingPhantomLink(client: FoyerClient): Promise<PhantomLinkStep | null> {
  return (await readStored(client))?.pending?.step ?? null
}

/** Forgets the Phantom link session (keys, session token) kept in this browser. */
export function forgetPhantomLink(client: FoyerClient): Promise<void> {
  return client._internal.storage().remove(storageKey(client))
}

/** Removes Phantom's response parameters from the address bar (`history.replaceState`, no reload). */
function removeResponseFromAddressBar(): void {
  const win = (globalThis as { window?: Window }).window
  if (!win?.history || !win.location) return
  const url = new URL(win.location.href)
  let changed = false
  for (const name of RESPONSE_PARAMETERS) {
    changed ||= url.searchParams.has(name)
    url.searchParams.delete(name)
  }
  if (changed) win.history.replaceState(win.history.state, '', url.toString())
}

/**
 * Finishes a return from Phantom (docs/external-wallets.md "Phantom on a phone"): reads the response Phantom
 * appended to the page URL and removes it from the address bar, then, by the step the user left for:
 * - `connect` (a sign-in): stores the session (`phantom_encryption_public_key`, `session`), asks
 *   `POST /api/v1/siws/init` for a nonce and answers `{ kind: 'sign', link }`: the `signMessage` link of the
 *   SIWS message (the fields of the Solana sign-in: domain, address, statement, uri, version 1, chain
 *   mainnet, nonce, issued at), kept for the next return;
 * - the SIWS signature: `POST /api/v1/siws/authenticate` → `{ kind: 'signedIn' }`;
 * - `signMessage` / `signTransaction`: `{ kind: 'signature' }` / `{ kind: 'transaction' }`.
 *
 * @param parameters.href - the returned page's URL; default `location.href`
 * @returns the outcome, or `null` when no Phantom link is pending
 * @throws UserRejectedRequestError (4001) when the user refused in Phantom; WalletConnectionError for
 *   another Phantom error or a response that does not decrypt; what `siws/init` and `siws/authenticate`
 *   throw (`ApiError` …). The pending step is dropped either way.
 */
export async function resumePhantomLink(
  client: FoyerClient,
  parameters: PhantomLinkOptions & { href?: string; domain?: string; uri?: string } = {},
): Promise<PhantomLinkOutcome | null> {
  const stored = await readStored(client)
  if (!stored?.pending) return null
  const href = parameters.href ?? currentHref()
  removeResponseFromAddressBar()
  const { pending, ...rest } = stored
  // A response is used once: the step is dropped before it is read.
  await writeStored(client, rest)
  const session = sessionOf(stored)
  if (pending.step === 'connect') {
    const connected = readPhantomConnectResponse(href, keysOf(stored))
    const phantomPublicKey = new URL(href).searchParams.get('phantom_encryption_public_key') ?? ''
    const next: StoredLink = {
      ...rest,
      session: { address: connected.address, session: connected.session, phantomPublicKey },
    }
    const wallet: ConnectedExternalWallet = {
      address: connected.address,
      chainType: 'solana',
      chainId: undefined,
      ...PHANTOM_LINK_LABELS,
    }
    await recordWalletConnection(client, { address: connected.address, ...PHANTOM_LINK_LABELS })
    const init = await request(client, 'POST /api/v1/siws/init', { body: { address: connected.address } })
    const origin = new URL(href)
    const message = createSignInMessageText({
      domain: parameters.domain ?? origin.host,
      address: connected.address,
      statement: SIGN_IN_STATEMENT,
      uri: parameters.uri ?? origin.origin,
      version: '1',
      chainId: 'mainnet',
      nonce: init.nonce,
      issuedAt: new Date().toISOString(),
    })
    const signIn = { step: 'signIn' as const, message, ...(pending.mode ? { mode: pending.mode } : {}) }
    await writeStored(client, { ...next, pending: signIn })
    const link = phantomSignMessageLink({
      session: connected,
      message: new TextEncoder().encode(message),
      redirectLink: redirectLinkOf({ ...parameters, redirectLink: parameters.redirectLink ?? href }),
      baseUrl: parameters.baseUrl,
    })
    return { kind: 'sign', link, wallet }
  }
  if (!session) throw new WalletConnectionError({ details: walletErrorTexts.notConnected })
  if (pending.step === 'signTransaction')
    return { kind: 'transaction', transaction: readPhantomSignResponse(href, session, 'transaction') }
  const signature = readPhantomSignResponse(href, session, 'signature')
  if (pending.step === 'signMessage') return { kind: 'signature', signature }
  if (!pending.message) throw new WalletConnectionError({ details: 'The sign-in message was not kept.' })
  const flow = beginAuthFlow(client)
  const mode = pending.mode ? { mode: pending.mode } : {}
  const { user, isNewUser } = await authenticate(
    client,
    {
      endpoint: 'POST /api/v1/siws/authenticate',
      method: 'wallet',
      body: {
        message: pending.message,
        signature: base64.encode(signature),
        ...PHANTOM_LINK_LABELS,
        ...mode,
      },
    },
    flow,
  )
  const wallet: ConnectedExternalWallet = {
    address: session.address,
    chainType: 'solana',
    chainId: undefined,
    ...PHANTOM_LINK_LABELS,
  }
  return { kind: 'signedIn', user, isNewUser, wallet }
}
