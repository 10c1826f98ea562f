import { base58 } from '@scure/base'
import nacl from 'tweetnacl'
import { afterAll, describe, expect, test } from 'vitest'
import { createPhantomLinkStandIn, PhantomStandInError, startPhantomLinkStandIn } from './phantomLinkStandIn'

const BASE = 'https://phantom.app/ul/v1'
const REDIRECT = 'https://app.example/wallet-return?x=1'

function link(method: string, params: Record<string, string>): string {
  const url = new URL(`${BASE}/${method}`)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.toString()
}

/** The dapp's side, written straight from Phantom's documented protocol. */
function connect(standIn: ReturnType<typeof createPhantomLinkStandIn>) {
  const dapp = nacl.box.keyPair()
  const back = new URL(
    standIn.handle(
      link('connect', {
        app_url: 'https://app.example',
        dapp_encryption_public_key: base58.encode(dapp.publicKey),
        redirect_link: REDIRECT,
        cluster: 'devnet',
      }),
    ),
  )
  const secret = nacl.box.before(
    base58.decode(back.searchParams.get('phantom_encryption_public_key')!),
    dapp.secretKey,
  )
  const opened = nacl.box.open.after(
    base58.decode(back.searchParams.get('data')!),
    base58.decode(back.searchParams.get('nonce')!),
    secret,
  )
  const body = JSON.parse(new TextDecoder().decode(opened!)) as { public_key: string; session: string }
  const request = (method: string, payload: object, nonce = nacl.randomBytes(24)) =>
    new URL(
      standIn.handle(
        link(method, {
          dapp_encryption_public_key: base58.encode(dapp.publicKey),
          nonce: base58.encode(nonce),
          redirect_link: REDIRECT,
          payload: base58.encode(
            nacl.box.after(new TextEncoder().encode(JSON.stringify(payload)), nonce, secret),
          ),
        }),
      ),
    )
  const reply = (url: URL) =>
    JSON.parse(
      new TextDecoder().decode(
        nacl.box.open.after(
          base58.decode(url.searchParams.get('data')!),
          base58.decode(url.searchParams.get('nonce')!),
          secret,
        )!,
      ),
    )
  return { back, body, request, reply }
}

describe('Phantom link stand-in', () => {
  test('behavior: connect returns the test address and a session, encrypted to the dapp key, on the redirect link', () => {
    const standIn = createPhantomLinkStandIn()
    const { back, body } = connect(standIn)
    expect(back.origin + back.pathname).toBe('https://app.example/wallet-return')
    expect(back.searchParams.get('x')).toBe('1')
    expect(body.public_key).toBe(standIn.address)
    expect(body.session.length).toBeGreaterThan(10)
  })

  test('behavior: signMessage signs the decrypted message with the test key', () => {
    const standIn = createPhantomLinkStandIn()
    const { body, request, reply } = connect(standIn)
    const message = new TextEncoder().encode('Sign in to app.example')
    const out = reply(
      request('signMessage', { message: base58.encode(message), session: body.session, display: 'utf8' }),
    )
    expect(nacl.sign.detached.verify(message, base58.decode(out.signature), standIn.publicKey)).toBe(true)
  })

  test('behavior: signTransaction fills the wallet’s signature slot of a legacy transaction', () => {
    const standIn = createPhantomLinkStandIn()
    const { body, request, reply } = connect(standIn)
    // 1 signature slot; header (1 required, 0, 1); 2 keys (the wallet, the system program); blockhash; 0 instructions.
    const message = new Uint8Array([
      1,
      0,
      1,
      2,
      ...standIn.publicKey,
      ...new Uint8Array(32),
      ...new Uint8Array(32).fill(7),
      0,
    ])
    const wire = new Uint8Array([1, ...new Uint8Array(64), ...message])
    const out = reply(request('signTransaction', { transaction: base58.encode(wire), session: body.session }))
    const signed = base58.decode(out.transaction)
    expect(signed.subarray(65)).toEqual(message)
    expect(nacl.sign.detached.verify(message, signed.subarray(1, 65), standIn.publicKey)).toBe(true)
  })

  test('behavior: refuses a payload that does not decrypt, an unknown key, a foreign session, and answers 4001 on reject', () => {
    const standIn = createPhantomLinkStandIn()
    const { body, request } = connect(standIn)
    const wrongNonce = new URL(
      standIn.handle(
        link('signMessage', {
          dapp_encryption_public_key: base58.encode(nacl.box.keyPair().publicKey),
          nonce: base58.encode(nacl.randomBytes(24)),
          redirect_link: REDIRECT,
          payload: 'abc',
        }),
      ),
    )
    expect(wrongNonce.searchParams.get('errorCode')).toBe('4100')
    expect(request('signMessage', { message: 'abc', session: 'forged' }).searchParams.get('errorCode')).toBe(
      '4100',
    )
    // A real session token, issued to another dapp key, is refused too (a session belongs to its connect).
    const other = connect(standIn)
    expect(
      request('signMessage', { message: 'abc', session: other.body.session }).searchParams.get('errorCode'),
    ).toBe('4100')
    standIn.decision = 'reject'
    expect(
      request('signMessage', { message: 'abc', session: body.session }).searchParams.get('errorCode'),
    ).toBe('4001')
    expect(() => standIn.handle(link('connect', { redirect_link: 'javascript:alert(1)' }))).toThrow(
      PhantomStandInError,
    )
  })

  const started = startPhantomLinkStandIn()
  afterAll(async () => (await started).close())

  test('behavior: over HTTP, a link answers 302 to the redirect, a bad redirect 400 with a code', async () => {
    const { baseUrl } = await started
    const dapp = nacl.box.keyPair()
    const ok = await fetch(
      `${baseUrl}/connect?${new URLSearchParams({ app_url: 'https://app.example', dapp_encryption_public_key: base58.encode(dapp.publicKey), redirect_link: REDIRECT })}`,
      { redirect: 'manual' },
    )
    expect(ok.status).toBe(302)
    expect(new URL(ok.headers.get('location')!).searchParams.has('phantom_encryption_public_key')).toBe(true)
    const bad = await fetch(`${baseUrl}/connect?redirect_link=nope`, { redirect: 'manual' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ code: 'invalid_redirect_link' })
  })
})
