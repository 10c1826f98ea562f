import { initialize } from '@foyer/core'
import { defaultAppSettings } from '@foyer/protocol'
import { waitFor } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { createTestClient } from '../../test/createTestClient'
import { testWallet } from '../../test/renderWallet'
import { promptFundingAfterCreate } from './promptFundingAfterCreate'

async function clientWith(prompt: boolean) {
  const { client } = createTestClient(
    {},
    {
      appConfig: {
        fiat_on_ramp_enabled: true,
        funding_config: {
          ...defaultAppSettings.funding_config,
          default_recommended_currency: { chain: 'eip155:1', asset: 'native-currency' },
          options: [{ method: 'manual', provider: 'privy' }],
          prompt_funding_on_wallet_creation: prompt,
        },
      },
    },
  )
  await initialize(client)
  await waitFor(() => expect(client.getState().appConfig).not.toBeNull())
  return client
}

describe('promptFundingAfterCreate', () => {
  test("default: with prompt_funding_on_wallet_creation, 'Add funds to your wallet' opens for the new wallet", async () => {
    const client = await clientWith(true)
    const openFlow = vi.fn(async () => undefined as never)
    await promptFundingAfterCreate(client, openFlow, { ethereum: testWallet })
    expect(openFlow).toHaveBeenCalledOnce()
    const route = (
      openFlow.mock.calls[0] as unknown as [
        (settle: unknown) => { id: string; params: { request: { address: string } } },
      ]
    )[0]({})
    expect(route.id).toBe('fundingMethods')
    expect(route.params.request.address).toBe(testWallet.address)
  })

  test('behavior: nothing opens when the app does not ask, or no wallet was made', async () => {
    const off = await clientWith(false)
    const openFlow = vi.fn(async () => undefined as never)
    await promptFundingAfterCreate(off, openFlow, { ethereum: testWallet })
    await promptFundingAfterCreate(await clientWith(true), openFlow, {})
    expect(openFlow).not.toHaveBeenCalled()
  })
})
