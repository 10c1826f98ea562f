import { createPublicClient, type Hex, http, parseEther, recoverMessageAddress, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../../../../../scripts/devchain/startAnvil'
import {
  type CoinbaseWalletPopupStandIn,
  startCoinbaseWalletPopupStandIn,
} from './coinbaseWalletPopupStandIn'

const ORIGIN = 'http://localhost:5173'
const account = privateKeyToAccount(generatePrivateKey())
let anvil: Anvil
let standIn: CoinbaseWalletPopupStandIn

beforeAll(async () => {
  anvil = await startAnvil()
  standIn = await startCoinbaseWalletPopupStandIn({ account, chains: { [anvil.chainId]: anvil.rpcUrl } })
}, 60_000)
afterAll(async () => {
  await standIn?.close()
  await anvil?.stop()
})

type Answer = { result: { value?: unknown; error?: { code: number; message: string } }; data?: unknown }

async function ask(method: string, params: unknown, chainId: number | null = anvil.chainId): Promise<Answer> {
  const response = await fetch(`${standIn.url}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ origin: ORIGIN, method, params, chainId }),
  })
  return (await response.json()) as Answer
}

describe('startCoinbaseWalletPopupStandIn', () => {
  test('default: serves the popup page at keysUrl, which speaks the SDK protocol', async () => {
    expect(standIn.keysUrl).toBe(`${standIn.url}/connect`)
    const page = await fetch(standIn.keysUrl).then((response) => response.text())
    expect(page).toContain("event: 'PopupLoaded'")
    expect(page).toContain("namedCurve: 'P-256'")
    expect(page).toContain("name: 'AES-GCM'")
  })

  test('default: the handshake answers the account and the chains; personal_sign signs with the test key', async () => {
    const handshake = await ask('eth_requestAccounts', { appName: 'Foyer' }, null)
    expect(handshake).toEqual({
      result: { value: [account.address] },
      data: { chains: { [anvil.chainId]: anvil.rpcUrl }, capabilities: {} },
    })
    const message = 'hello'
    const signed = await ask('personal_sign', [toHex(message), account.address])
    expect(await recoverMessageAddress({ message, signature: signed.result.value as Hex })).toBe(
      account.address,
    )
    expect(standIn.requests.at(-1)).toMatchObject({ origin: ORIGIN, method: 'personal_sign' })
    // Another account's signature is refused.
    const other = await ask('personal_sign', [
      toHex(message),
      privateKeyToAccount(generatePrivateKey()).address,
    ])
    expect(other.result.error?.code).toBe(-32602)
  })

  test("behavior: an unknown chain gets Coinbase's addEthereumChain message; after wallet_addEthereumChain it switches", async () => {
    const switched = await ask('wallet_switchEthereumChain', [{ chainId: '0x2105' }])
    expect(switched.result.error).toEqual({
      code: -32603,
      message: 'Unrecognized chain ID 0x2105. Try adding the chain using wallet_addEthereumChain first.',
    })
    const badUrl = await ask('wallet_addEthereumChain', [{ chainId: '0x2105', rpcUrls: ['ftp://x'] }])
    expect(badUrl.result.error?.code).toBe(-32602)
    const added = await ask('wallet_addEthereumChain', [
      { chainId: '0x2105', chainName: 'Base', rpcUrls: ['https://mainnet.base.org'] },
    ])
    expect(added).toMatchObject({
      result: { value: null },
      data: { chains: { 8453: 'https://mainnet.base.org' } },
    })
    expect((await ask('wallet_switchEthereumChain', [{ chainId: '0x2105' }])).result).toEqual({ value: null })
  })

  test('default: eth_sendTransaction signs with the test key and sends on the chain', async () => {
    await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setBalance',
        params: [account.address, toHex(parseEther('1'))],
      }),
    })
    const to = privateKeyToAccount(generatePrivateKey()).address
    const sent = await ask('eth_sendTransaction', [{ from: account.address, to, value: toHex(1000n) }])
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash: sent.result.value as Hex })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(1000n)
  })

  test("behavior: decision 'reject' answers 4001; an unknown method 4200; a refusal is recorded", async () => {
    expect((await ask('eth_signTransaction', [{}])).result.error?.code).toBe(4200)
    standIn.decision = 'reject'
    try {
      expect((await ask('personal_sign', ['0x00', account.address])).result.error?.code).toBe(4001)
    } finally {
      standIn.decision = 'approve'
    }
    await fetch(`${standIn.url}/rpc`, {
      method: 'POST',
      body: JSON.stringify({ origin: ORIGIN, refused: 'origin', from: 'https://evil.example' }),
    })
    expect(standIn.refusals).toContainEqual({
      reason: 'origin',
      origin: ORIGIN,
      from: 'https://evil.example',
    })
    expect((await fetch(`${standIn.url}/rpc`, { method: 'POST', body: '{' })).status).toBe(400)
  })
})
