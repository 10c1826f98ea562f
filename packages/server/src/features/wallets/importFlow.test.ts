import type { FrameReply } from '@foyer/protocol'
import { createMemoryDeviceKeyStore, createMemoryShareStore } from '@foyer/wallet-frame'
import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { frameData as ok } from '../../test/frameDevice'
import { testFrameHandler } from '../../test/testFrameApi'
import { useTestContext } from '../../test/useTestContext'

// Key import (docs/embedded-wallets.md#imported-keys): the real frame logic of the import page and of the
// hidden frame against the real server; the key comes from the page's form (`askImportKey`), never the request.
const t = useTestContext()
let nextId = 0
/** anvil's second well-known development key (test-only). */
const KNOWN_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const KNOWN_ADDRESS = privateKeyToAccount(KNOWN_KEY).address

/**
 * A browser: the import page and the hidden frame share its device stores (one origin, one IndexedDB).
 * `typed` are the texts the user submits into the import form, in order.
 */
function browser(typed: string[] = []) {
  const deviceShares = createMemoryShareStore()
  const deviceKeys = createMemoryDeviceKeyStore()
  const refusals: string[] = []
  const page = (mode: 'wallet' | 'import') =>
    testFrameHandler(t, {
      mode,
      deviceKeys,
      deviceShares,
      askImportKey: async ({ parse }) => {
        for (;;) {
          const text = typed.shift()
          if (text === undefined) throw new Error('the user typed nothing more')
          try {
            return parse(text)
          } catch (error) {
            refusals.push((error as Error).message)
          }
        }
      },
    })
  const handlers = { wallet: page('wallet'), import: page('import') }
  return {
    deviceShares,
    refusals,
    async send(mode: 'wallet' | 'import', event: string, data: unknown): Promise<FrameReply> {
      const id = `i${++nextId}`
      return handlers[mode].handle({ id, event, data })
    },
  }
}

describe('key import against the server', () => {
  test('default: an Ethereum key typed into the import page becomes an imported wallet that signs, here and on a new device', async () => {
    const email = 'import-eth@example.com'
    const accessToken = (await t.signIn(email)).token!
    const laptop = browser(['not a key', `  ${KNOWN_KEY.slice(2)}  `])
    const wallet = ok(
      await laptop.send('import', 'privy:wallets:import', { accessToken, chainType: 'ethereum' }),
    )
    expect(laptop.refusals).toEqual(['Not a valid Ethereum private key'])
    expect(wallet).toMatchObject({
      address: KNOWN_ADDRESS,
      entropyId: KNOWN_ADDRESS,
      walletIndex: 0,
      imported: true,
      recoveryMethod: 'privy',
    })
    // The request never carried the key; only its shares reached the server.
    const rpc = (message: string, token: string) => ({
      accessToken: token,
      chainType: 'ethereum',
      entropyId: KNOWN_ADDRESS,
      walletIndex: 0,
      chainId: 31337,
      request: { method: 'personal_sign', params: [message, KNOWN_ADDRESS] },
    })
    await laptop.send('wallet', 'privy:wallets:connect', {
      accessToken,
      chainType: 'ethereum',
      entropyId: KNOWN_ADDRESS,
    })
    const signed = ok(await laptop.send('wallet', 'privy:wallets:rpc', rpc('imported', accessToken)))
    expect(
      await verifyMessage({
        address: KNOWN_ADDRESS,
        message: 'imported',
        signature: signed.result as `0x${string}`,
      }),
    ).toBe(true)
    // No further index of an imported key.
    expect(
      await laptop.send('wallet', 'privy:wallets:add', {
        accessToken,
        chainType: 'ethereum',
        entropyId: KNOWN_ADDRESS,
      }),
    ).toMatchObject({
      error: { type: 'invalid_request_arguments', message: 'An imported wallet has no additional wallets' },
    })

    // A new device recovers the imported key automatically and signs with it.
    t.advance(31_000)
    const phoneToken = (await t.signIn(email)).token!
    const phone = browser()
    expect(
      ok(
        await phone.send('wallet', 'privy:wallets:connect', {
          accessToken: phoneToken,
          chainType: 'ethereum',
          entropyId: KNOWN_ADDRESS,
        }),
      ),
    ).toEqual({ chainType: 'ethereum', entropyId: KNOWN_ADDRESS, recoveryMethod: 'privy' })
    const again = ok(await phone.send('wallet', 'privy:wallets:rpc', rpc('recovered', phoneToken)))
    expect(
      await verifyMessage({
        address: KNOWN_ADDRESS,
        message: 'recovered',
        signature: again.result as `0x${string}`,
      }),
    ).toBe(true)
  })

  test('default: a Solana secret key (base58 or a keypair file) imports with its own address', async () => {
    const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
    for (const [index, format] of (['base58', 'keypair file'] as const).entries()) {
      const seed = new Uint8Array(32).fill(7 + index)
      const publicKey = ed25519.getPublicKey(seed)
      const address = base58(publicKey)
      const secret = new Uint8Array([...seed, ...publicKey])
      const wrongPair = new Uint8Array([...seed, ...new Uint8Array(32).fill(1)])
      const text = format === 'base58' ? base58(secret) : JSON.stringify([...secret])
      const accessToken = (await t.signIn(`import-sol-${index}@example.com`)).token!
      const user = browser([base58(wrongPair), text])
      const wallet = ok(
        await user.send('import', 'privy:wallets:import', { accessToken, chainType: 'solana' }),
      )
      expect(user.refusals).toEqual(['Not a valid Solana secret key'])
      expect(wallet).toMatchObject({ address, chainType: 'solana', imported: true, walletIndex: 0 })
      await user.send('wallet', 'privy:wallets:connect', {
        accessToken,
        chainType: 'solana',
        entropyId: address,
      })
      const signed = ok(
        await user.send('wallet', 'privy:wallets:rpc', {
          accessToken,
          chainType: 'solana',
          entropyId: address,
          walletIndex: 0,
          request: { method: 'signMessage', params: { message: Buffer.from('hi').toString('base64') } },
        }),
      )
      const signature = (signed.result as { signature: string }).signature
      expect(
        ed25519.verify(
          Buffer.from(signature, 'base64'),
          new TextEncoder().encode('hi'),
          new Uint8Array(getBase58Encoder().encode(address)),
        ),
      ).toBe(true)
    }
  })

  test('error: the hidden frame and the export page do not answer import', async () => {
    const accessToken = (await t.signIn('import-modes@example.com')).token!
    const user = browser([KNOWN_KEY])
    expect(
      await user.send('wallet', 'privy:wallets:import', { accessToken, chainType: 'ethereum' }),
    ).toMatchObject({
      error: { type: 'invalid_request_arguments' },
    })
  })
})
