import { createWalletClient, custom } from 'viem'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createWalletTestClient, ethereumAddress, frameError } from '../../../test/createWalletTestClient'
import { UserRejectedRequestError } from '../errors/UserRejectedRequestError'
import type { WalletPrompt } from '../ui/WalletPrompt'
import { createEthereumProvider } from './createEthereumProvider'

afterEach(() => {
  vi.unstubAllGlobals()
})

const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('createEthereumProvider', () => {
  test('default: accounts and chain id', async () => {
    const { client } = await createWalletTestClient()
    const provider = createEthereumProvider(client)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ethereumAddress])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ethereumAddress])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  test('behavior: personal_sign unlocks the wallet, then signs in the frame with the configured chains', async () => {
    const { client, requests } = await createWalletTestClient()
    const provider = createEthereumProvider(client)
    const signature = await provider.request({
      method: 'personal_sign',
      params: ['0x68656c6c6f', ethereumAddress],
    })
    expect(signature).toBe('0xsig')
    expect(requests.map((request) => request.event)).toEqual(['privy:wallets:connect', 'privy:wallets:rpc'])
    expect(requests[1]?.data).toMatchObject({
      chainType: 'ethereum',
      entropyId: ethereumAddress,
      walletIndex: 0,
      address: ethereumAddress,
      chains: [
        { id: 31337, rpcUrl: 'http://127.0.0.1:8545' },
        { id: 8453, rpcUrl: 'http://base.test' },
      ],
      request: { method: 'personal_sign', params: ['0x68656c6c6f', ethereumAddress] },
    })
    await provider.request({ method: 'personal_sign', params: ['hi', ethereumAddress] })
    // Unlocked once per entropy; utf-8 text travels as hex.
    expect(requests.filter((request) => request.event === 'privy:wallets:connect')).toHaveLength(1)
    expect(requests.at(-1)?.data.request).toEqual({
      method: 'personal_sign',
      params: ['0x6869', ethereumAddress],
    })
  })

  test('behavior: with the modal, the sign request prompt comes first; a rejection is 4001', async () => {
    const { client, requests } = await createWalletTestClient()
    const prompts: WalletPrompt[] = []
    client._internal.wallet.ui = {
      prompt: async (prompt) => {
        prompts.push(prompt)
        throw new UserRejectedRequestError()
      },
    }
    const provider = createEthereumProvider(client)
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', ethereumAddress] }),
    ).rejects.toMatchObject({ code: 4001, message: 'The user rejected the request' })
    expect(prompts[0]).toMatchObject({ kind: 'signMessage', method: 'personal_sign', message: 'hello' })
    expect(requests.some((request) => request.event === 'privy:wallets:rpc')).toBe(false)
  })

  test('behavior: noPromptOnSignature signs without the prompt', async () => {
    const { client } = await createWalletTestClient({ embeddedWallets: { noPromptOnSignature: true } })
    const prompt = vi.fn()
    client._internal.wallet.ui = { prompt }
    const provider = createEthereumProvider(client)
    expect(await provider.request({ method: 'personal_sign', params: ['0x68', ethereumAddress] })).toBe(
      '0xsig',
    )
    expect(prompt).not.toHaveBeenCalled()
  })

  test('behavior: wallet_switchEthereumChain to a configured chain emits chainChanged; the same chain does nothing', async () => {
    const { client } = await createWalletTestClient()
    const provider = createEthereumProvider(client)
    const changed = vi.fn()
    provider.on('chainChanged', changed)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105')
    expect(changed).toHaveBeenCalledWith('0x2105')
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] })
    expect(changed).toHaveBeenCalledTimes(1)
    provider.removeListener('chainChanged', changed)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    expect(changed).toHaveBeenCalledTimes(1)
  })

  test('error: an unconfigured chain is 4902', async () => {
    const { client } = await createWalletTestClient()
    const provider = createEthereumProvider(client)
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ to, value: '0x1', chainId: 1 }] }),
    ).rejects.toMatchObject({ code: 4902 })
  })

  test("behavior: works as viem's custom transport; a rejection becomes viem's UserRejectedRequestError", async () => {
    const { client } = await createWalletTestClient()
    const walletClient = createWalletClient({ transport: custom(createEthereumProvider(client)) })
    expect(await walletClient.getAddresses()).toEqual([ethereumAddress])
    expect(await walletClient.getChainId()).toBe(31337)
    expect(await walletClient.signMessage({ account: ethereumAddress, message: 'hello' })).toBe('0xsig')
    client._internal.wallet.ui = {
      prompt: async () => {
        throw new UserRejectedRequestError()
      },
    }
    await expect(
      walletClient.signMessage({ account: ethereumAddress, message: 'hello' }),
    ).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
      code: 4001,
    })
  })

  test('error: params that are not an array are 4200', async () => {
    const { client } = await createWalletTestClient()
    const provider = createEthereumProvider(client)
    await expect(
      provider.request({ method: 'personal_sign', params: { message: 'hi' } }),
    ).rejects.toMatchObject({
      code: 4200,
    })
  })

  test('error: a bad quantity is -32602 with the documented message', async () => {
    const { client } = await createWalletTestClient()
    const provider = createEthereumProvider(client)
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ to, value: '100' }] }),
    ).rejects.toMatchObject({
      code: -32602,
      message:
        "Transaction request property 'value' must be a valid number, bigint, or hex string representing a quantity",
    })
  })

  test('behavior: eth_sendTransaction without the modal sends through the frame on the current chain', async () => {
    const { client, requests } = await createWalletTestClient()
    const provider = createEthereumProvider(client)
    await provider.request({ method: 'eth_sendTransaction', params: [{ to, value: 10n ** 16n }] })
    expect(requests.at(-1)?.data).toMatchObject({
      chainId: 31337,
      request: {
        method: 'eth_sendTransaction',
        params: [{ chainId: '0x7a69', to, from: ethereumAddress, value: '0x2386f26fc10000' }],
      },
    })
  })

  test('behavior: a frame error keeps its code; 4900 reconnects and retries once', async () => {
    let calls = 0
    const { client, requests } = await createWalletTestClient({
      answer: ({ event }) => {
        if (event !== 'privy:wallets:rpc')
          return { chainType: 'ethereum', entropyId: ethereumAddress, recoveryMethod: 'privy' }
        calls += 1
        if (calls === 1) throw frameError('error', 'Wallet is not connected', 4900)
        throw frameError('insufficient_funds', 'Wallet has insufficient funds for this transaction.', -32603)
      },
    })
    const provider = createEthereumProvider(client)
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ to, value: '0x1' }] }),
    ).rejects.toMatchObject({ code: -32603, message: 'Wallet has insufficient funds for this transaction.' })
    expect(requests.map((request) => request.event)).toEqual([
      'privy:wallets:connect',
      'privy:wallets:rpc',
      'privy:wallets:connect',
      'privy:wallets:rpc',
    ])
  })

  test('behavior: read methods go to the chain RPC', async () => {
    const { client } = await createWalletTestClient()
    const fetch = vi.fn(async () => Response.json({ jsonrpc: '2.0', id: 1, result: '0x10' }))
    vi.stubGlobal('fetch', fetch)
    const provider = createEthereumProvider(client)
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x10')
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:8545', expect.objectContaining({ method: 'POST' }))
  })

  test('error: signed out, eth_accounts is empty and signing is 4100', async () => {
    const { client } = await createWalletTestClient()
    client._internal.setState({ user: null })
    const provider = createEthereumProvider(client)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x68', ethereumAddress] }),
    ).rejects.toMatchObject({
      code: 4100,
    })
  })
})
