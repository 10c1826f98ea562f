import { base58, base64 } from '@scure/base'
import { parseSignInMessageText } from '@solana/wallet-standard-util'
import nacl from 'tweetnacl'
import { describe, expect, test } from 'vitest'
import { createTestApi, createTestClient, json, testUser } from '../../../test/createTestApi'
import { rejectionOf } from '../../../test/rejectionOf'
import { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import { getWalletConnectionHistory } from '../connectionHistory'
import { WalletConnectionError } from '../errors/WalletConnectionError'
import {
  beginPhantomLinkSignIn,
  forgetPhantomLink,
  getPendingPhantomLink,
  getPhantomLinkAddress,
  phantomLinkSignMessage,
  phantomLinkSignTransaction,
  resumePhantomLink,
} from './phantomLinkFlow'

const PAGE = 'https://app.example/shop?tab=1'
const NONCE = '0123456789abcdef0123456789abcdef'

/** Phantom's app, from its documented link protocol: connect, then signMessage / signTransaction. */
function phantomApp() {
  const signer = nacl.sign.keyPair()
  const phantom = nacl.box.keyPair()
  const address = base58.encode(signer.publicKey)
  let secret: Uint8Array | undefined
  const seen: Record<string, unknown>[] = []
  function back(link: string, values: Record<string, string>): string {
    const url = new URL(new URL(link).searchParams.get('redirect_link')!)
    for (const [key, value] of Object.entries(values)) url.searchParams.set(key, value)
    return url.toString()
  }
  function seal(value: unknown): Record<string, string> {
    const nonce = nacl.randomBytes(24)
    const data = nacl.box.after(new TextEncoder().encode(JSON.stringify(value)), nonce, secret!)
    return { nonce: base58.encode(nonce), data: base58.encode(data) }
  }
  return {
    address,
    signer,
    seen,
    connect(link: string): string {
      const params = new URL(link).searchParams
      secret = nacl.box.before(base58.decode(params.get('dapp_encryption_public_key')!), phantom.secretKey)
      seen.push(Object.fromEntries(params))
      return back(link, {
        phantom_encryption_public_key: base58.encode(phantom.publicKey),
        ...seal({ public_key: address, session: 'phantom-session' }),
      })
    },
    open(link: string): Record<string, unknown> {
      const params = new URL(link).searchParams
      const opened = nacl.box.open.after(
        base58.decode(params.get('payload')!),
        base58.decode(params.get('nonce')!),
        secret!,
      )
      const payload = JSON.parse(new TextDecoder().decode(opened!)) as Record<string, unknown>
      seen.push(payload)
      return payload
    },
    signMessage(link: string): string {
      const message = base58.decode(this.open(link).message as string)
      return back(link, seal({ signature: base58.encode(nacl.sign.detached(message, signer.secretKey)) }))
    },
    refuse(link: string): string {
      return back(link, { errorCode: '4001', errorMessage: 'User rejected the request.' })
    },
  }
}

function setup() {
  const api = createTestApi()
  api.on('POST /api/v1/siws/init', (call) =>
    json({ nonce: NONCE, address: (call.body as { address: string }).address, expires_at: '' }),
  )
  api.on('POST /api/v1/siws/authenticate', async () => json(await api.issue()))
  return { api, client: createTestClient(api) }
}

describe('Phantom link sign-in', () => {
  test('connect → SIWS message signed in Phantom → siws/authenticate, across two returns', async () => {
    const { api, client } = setup()
    const phantom = phantomApp()
    const connect = await beginPhantomLinkSignIn(client, { redirectLink: PAGE, mode: 'no-signup' })
    const connectParams = new URL(connect).searchParams
    expect(connect.startsWith('https://phantom.app/ul/v1/connect?')).toBe(true)
    expect(connectParams.get('app_url')).toBe('https://app.example')
    const redirect = new URL(connectParams.get('redirect_link')!)
    // The return page carries the page-load parameters that name the wallet.
    expect(redirect.searchParams.get('privy_wallet_client')).toBe('phantom')
    expect(redirect.searchParams.get('privy_connector')).toBe('deep_link')
    expect(redirect.searchParams.get('tab')).toBe('1')

    expect(await getPendingPhantomLink(client)).toBe('connect')
    // First return (a page reload: only the client's storage carries the keys).
    const first = await resumePhantomLink(client, { href: phantom.connect(connect) })
    expect(first?.kind).toBe('sign')
    if (first?.kind !== 'sign') return
    expect(first.wallet.address).toBe(phantom.address)
    expect(await getPhantomLinkAddress(client)).toBe(phantom.address)
    expect(api.callsTo('POST /api/v1/siws/init')[0]?.body).toEqual({ address: phantom.address })
    expect(new URL(first.link).pathname).toBe('/ul/v1/signMessage')

    expect(await getPendingPhantomLink(client)).toBe('signIn')
    // Second return: the signature of the kept SIWS message.
    const second = await resumePhantomLink(client, { href: phantom.signMessage(first.link) })
    expect(second).toMatchObject({ kind: 'signedIn', user: testUser })
    const payload = phantom.seen[1] as { session: string; display: string; message: string }
    expect(payload.session).toBe('phantom-session')
    expect(payload.display).toBe('utf8')
    const body = api.callsTo('POST /api/v1/siws/authenticate')[0]?.body as Record<string, string>
    expect(body).toMatchObject({ walletClientType: 'phantom', connectorType: 'deep_link', mode: 'no-signup' })
    expect(body.message).toBe(new TextDecoder().decode(base58.decode(payload.message)))
    const parsed = parseSignInMessageText(body.message ?? '')
    expect(parsed).toMatchObject({ domain: 'app.example', address: phantom.address, nonce: NONCE })
    const verified = nacl.sign.detached.verify(
      new TextEncoder().encode(body.message ?? ''),
      base64.decode(body.signature ?? ''),
      phantom.signer.publicKey,
    )
    expect(verified).toBe(true)
    expect((await getWalletConnectionHistory(client))[0]).toMatchObject({
      address: phantom.address,
      walletClientType: 'phantom',
    })
    // Used once: a reload of the same URL finishes nothing again.
    expect(await resumePhantomLink(client, { href: PAGE })).toBeNull()
  })

  test('the session survives for later signMessage and signTransaction links', async () => {
    const { client } = setup()
    const phantom = phantomApp()
    const connect = await beginPhantomLinkSignIn(client, { redirectLink: PAGE })
    await resumePhantomLink(client, { href: phantom.connect(connect) })

    const message = new TextEncoder().encode('hello')
    const link = await phantomLinkSignMessage(client, { message, redirectLink: PAGE })
    const outcome = await resumePhantomLink(client, { href: phantom.signMessage(link) })
    expect(outcome?.kind).toBe('signature')
    if (outcome?.kind === 'signature')
      expect(nacl.sign.detached.verify(message, outcome.signature, phantom.signer.publicKey)).toBe(true)

    const txLink = await phantomLinkSignTransaction(client, {
      transaction: new Uint8Array([1, 2, 3]),
      redirectLink: PAGE,
    })
    expect(phantom.open(txLink)).toMatchObject({ transaction: base58.encode(new Uint8Array([1, 2, 3])) })
  })

  test('a refusal in Phantom is UserRejectedRequestError and drops the pending step', async () => {
    const { client } = setup()
    const phantom = phantomApp()
    const connect = await beginPhantomLinkSignIn(client, { redirectLink: PAGE })
    const error = await rejectionOf(resumePhantomLink(client, { href: phantom.refuse(connect) }))
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(await resumePhantomLink(client, { href: PAGE })).toBeNull()
  })

  test('a tampered answer does not decrypt: WalletConnectionError', async () => {
    const { client } = setup()
    const phantom = phantomApp()
    const connect = await beginPhantomLinkSignIn(client, { redirectLink: PAGE })
    const back = new URL(phantom.connect(connect))
    back.searchParams.set('nonce', base58.encode(nacl.randomBytes(24)))
    const error = await rejectionOf(resumePhantomLink(client, { href: back.toString() }))
    expect(error).toBeInstanceOf(WalletConnectionError)
  })

  test('signing without a session: Wallet is not currently connected.', async () => {
    const { client } = setup()
    await forgetPhantomLink(client)
    const error = await rejectionOf(
      phantomLinkSignMessage(client, { message: new Uint8Array([1]), redirectLink: PAGE }),
    )
    expect(error).toBeInstanceOf(WalletConnectionError)
    expect((error as WalletConnectionError).details).toBe('Wallet is not currently connected.')
  })
})
