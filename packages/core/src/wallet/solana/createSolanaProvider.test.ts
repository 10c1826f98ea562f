import { base64 } from '@scure/base'
import { describe, expect, test } from 'vitest'
import { createWalletTestClient, solanaAddress } from '../../../test/createWalletTestClient'
import { createSolanaProvider } from './createSolanaProvider'

const signature = new Uint8Array(64).fill(7)

describe('createSolanaProvider', () => {
  test('default: signMessage sends base64 to the frame and returns the signature bytes', async () => {
    const { client, requests } = await createWalletTestClient({
      answer: ({ event }) =>
        event === 'privy:wallets:rpc'
          ? { method: 'signMessage', result: { signature: base64.encode(signature) } }
          : { chainType: 'solana', entropyId: solanaAddress, recoveryMethod: 'privy' },
    })
    const provider = createSolanaProvider(client)
    expect(provider.address).toBe(solanaAddress)
    const result = await provider.signMessage(new TextEncoder().encode('hello'))
    expect(result.signature).toEqual(signature)
    expect(requests.at(-1)?.data).toMatchObject({
      chainType: 'solana',
      entropyId: solanaAddress,
      request: { method: 'signMessage', params: { message: 'aGVsbG8=' } },
    })
    expect(await provider.request({ method: 'signMessage', params: { message: 'aGVsbG8=' } })).toEqual({
      signature: base64.encode(signature),
    })
  })

  test('error: an empty message, non-object params and unknown methods', async () => {
    const { client } = await createWalletTestClient()
    const provider = createSolanaProvider(client)
    await expect(provider.signMessage(new Uint8Array())).rejects.toMatchObject({
      message: 'Message must be a non-empty string',
    })
    await expect(provider.request({ method: 'signMessage', params: null as never })).rejects.toMatchObject({
      code: -32602,
    })
    await expect(provider.request({ method: 'eth_sign', params: {} })).rejects.toMatchObject({ code: 4200 })
  })
})
