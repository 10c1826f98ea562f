import type { EmbeddedWalletInfo, FoyerChain, WalletPrompt } from '@foyer/core'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect } from 'vitest'
import type { FoyerConfig } from '../src/FoyerProvider/FoyerConfig'
import { FoyerProvider } from '../src/FoyerProvider/FoyerProvider'
import { createTestClient, TEST_APP_ID } from './createTestClient'

export const anvil: FoyerChain = {
  id: 31337,
  name: 'Anvil',
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  blockExplorer: { name: 'Anvilscan', url: 'https://explorer.test' },
}

export const testWallet: EmbeddedWalletInfo = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainType: 'ethereum',
  walletIndex: 0,
  entropyId: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  recoveryMethod: 'privy',
  imported: false,
  walletClientType: 'privy',
  connectorType: 'embedded',
}

/**
 * Renders `FoyerProvider` over the in-test client, waits for it to be ready, and returns a `prompt` function
 * that asks the modal as the wallet would (`client._internal.wallet.ui.prompt`). `config`: the provider's.
 */
export async function renderWalletUi(options: { config?: FoyerConfig } = {}) {
  const { client, calls } = createTestClient()
  const user = userEvent.setup()
  const result = render(
    <FoyerProvider
      appId={TEST_APP_ID}
      apiUrl="http://foyer.test"
      client={client}
      {...(options.config ? { config: options.config } : {})}
    >
      <p>host</p>
    </FoyerProvider>,
  )
  await waitFor(() => expect(client.getState().status).toBe('ready'))
  await waitFor(() => expect(client._internal.wallet.ui).toBeDefined())
  const prompt = <Prompt extends WalletPrompt>(value: Prompt) => {
    const promise = client._internal.wallet.ui!.prompt(value)
    promise.catch(() => {})
    return promise
  }
  return { client, calls, user, prompt, ...result }
}

/** The open dialog, once it has the given accessible name (its lazy screen may take seconds to load on a busy machine). */
export function findDialog(name: string | RegExp) {
  return screen.findByRole('dialog', { name }, { timeout: 10_000 })
}
