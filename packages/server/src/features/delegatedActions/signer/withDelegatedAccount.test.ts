import { HDKey } from '@scure/bip32'
import { entropyToMnemonic, mnemonicToSeed } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { split } from 'shamir-secret-sharing'
import { bytesToHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { withDelegatedAccount } from './withDelegatedAccount'

async function wallet() {
  const entropy = crypto.getRandomValues(new Uint8Array(16))
  const seed = await mnemonicToSeed(entropyToMnemonic(entropy, wordlist))
  const address = (index: number) =>
    privateKeyToAccount(bytesToHex(HDKey.fromMasterSeed(seed).derive(`m/44'/60'/0'/0/${index}`).privateKey!))
      .address
  const [device, auth, recovery] = await split(entropy, 3, 2)
  return { device: device!, auth: auth!, recovery: recovery!, entropyId: address(0), address }
}

describe('withDelegatedAccount', () => {
  test('default: two shares (Buffers too) rebuild the account of the index, which signs', async () => {
    const w = await wallet()
    for (const index of [0, 1]) {
      const signed = await withDelegatedAccount(
        {
          shares: [Buffer.from(w.auth), w.device],
          entropyId: w.entropyId,
          walletIndex: index,
          address: w.address(index),
        },
        (account) => account.signMessage({ message: 'hi' }),
      )
      expect(signed).not.toBeNull()
      expect(
        await verifyMessage({ address: w.address(index), message: 'hi', signature: signed!.result }),
      ).toBe(true)
    }
  })

  test('error: a share of another split, a changed share, or another address gives null without calling use', async () => {
    const w = await wallet()
    const other = await wallet()
    const changed = Uint8Array.from(w.device)
    changed[0] = (changed[0]! + 1) % 256
    let called = 0
    const use = async () => ++called
    for (const parameters of [
      { shares: [w.auth, other.device], entropyId: w.entropyId, walletIndex: 0, address: w.address(0) },
      { shares: [w.auth, changed], entropyId: w.entropyId, walletIndex: 0, address: w.address(0) },
      { shares: [w.auth, w.device], entropyId: w.entropyId, walletIndex: 1, address: w.address(0) },
    ])
      expect(await withDelegatedAccount(parameters, use)).toBeNull()
    expect(called).toBe(0)
  })

  test('behavior: the caller’s shares are left as they were (the copies are wiped)', async () => {
    const w = await wallet()
    const before = Uint8Array.from(w.device)
    await withDelegatedAccount(
      { shares: [w.auth, w.device], entropyId: w.entropyId, walletIndex: 0, address: w.address(0) },
      async () => null,
    )
    expect(w.device).toEqual(before)
  })
})
