import { base58 } from '@scure/base'
import nacl from 'tweetnacl'
import { describe, expect, test } from 'vitest'
import { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import { WalletConnectionError } from '../errors/WalletConnectionError'
import {
  createPhantomLinkKeys,
  decryptPhantomPayload,
  phantomConnectLink,
  phantomSignMessageLink,
  readPhantomConnectResponse,
  readPhantomSignResponse,
} from './phantomDeepLinks'

const REDIRECT = 'https://app.example/back'

/** Phantom's side of `connect`, from its documented protocol. */
function phantomConnects(link: string) {
  const params = new URL(link).searchParams
  const phantom = nacl.box.keyPair()
  const secret = nacl.box.before(base58.decode(params.get('dapp_encryption_public_key')!), phantom.secretKey)
  const nonce = nacl.randomBytes(24)
  const body = { public_key: 'So11111111111111111111111111111111111111112', session: 'session-token' }
  const data = nacl.box.after(new TextEncoder().encode(JSON.stringify(body)), nonce, secret)
  const back = new URL(params.get('redirect_link')!)
  back.searchParams.set('phantom_encryption_public_key', base58.encode(phantom.publicKey))
  back.searchParams.set('nonce', base58.encode(nonce))
  back.searchParams.set('data', base58.encode(data))
  return { back: back.toString(), secret }
}

describe('Phantom universal links', () => {
  test('behavior: the connect link carries app_url, the base58 x25519 key, redirect_link and cluster', () => {
    const keys = createPhantomLinkKeys()
    const url = new URL(
      phantomConnectLink({ keys, appUrl: 'https://app.example', redirectLink: REDIRECT, cluster: 'devnet' }),
    )
    expect(url.origin + url.pathname).toBe('https://phantom.app/ul/v1/connect')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      app_url: 'https://app.example',
      dapp_encryption_public_key: base58.encode(keys.publicKey),
      redirect_link: REDIRECT,
      cluster: 'devnet',
    })
  })

  test('behavior: the connect response decrypts to the address and session; a sign request encrypts to the same secret', () => {
    const keys = createPhantomLinkKeys()
    const { back, secret } = phantomConnects(
      phantomConnectLink({ keys, appUrl: 'https://app.example', redirectLink: REDIRECT }),
    )
    const session = readPhantomConnectResponse(back, keys)
    expect(session.address).toBe('So11111111111111111111111111111111111111112')
    expect(session.session).toBe('session-token')
    expect(session.sharedSecret).toEqual(secret)

    const link = new URL(
      phantomSignMessageLink({ session, message: new TextEncoder().encode('hi'), redirectLink: REDIRECT }),
    )
    expect(link.pathname).toBe('/ul/v1/signMessage')
    const payload = decryptPhantomPayload(
      link.searchParams.get('payload')!,
      link.searchParams.get('nonce')!,
      secret,
    )
    expect(payload).toEqual({
      message: base58.encode(new TextEncoder().encode('hi')),
      display: 'utf8',
      session: 'session-token',
    })

    const signature = nacl.randomBytes(64)
    const nonce = nacl.randomBytes(24)
    const data = nacl.box.after(
      new TextEncoder().encode(JSON.stringify({ signature: base58.encode(signature) })),
      nonce,
      secret,
    )
    const reply = `${REDIRECT}?nonce=${base58.encode(nonce)}&data=${base58.encode(data)}`
    expect(readPhantomSignResponse(reply, session, 'signature')).toEqual(signature)
  })

  test('behavior: errorCode 4001 is the user refusing; another code, a missing field or a tampered box is a connection error', () => {
    const keys = createPhantomLinkKeys()
    expect(() =>
      readPhantomConnectResponse(`${REDIRECT}?errorCode=4001&errorMessage=User%20rejected`, keys),
    ).toThrow(UserRejectedRequestError)
    expect(() => readPhantomConnectResponse(`${REDIRECT}?errorCode=-32603&errorMessage=x`, keys)).toThrow(
      WalletConnectionError,
    )
    expect(() => readPhantomConnectResponse(`${REDIRECT}?nonce=abc`, keys)).toThrow(WalletConnectionError)
    const { back } = phantomConnects(
      phantomConnectLink({ keys, appUrl: 'https://app.example', redirectLink: REDIRECT }),
    )
    expect(() => readPhantomConnectResponse(back, createPhantomLinkKeys())).toThrow(/does not decrypt/)
  })
})
