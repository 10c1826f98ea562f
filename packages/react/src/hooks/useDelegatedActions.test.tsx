import type { User } from '@foyer/protocol'
import { cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { json } from '../../../core/test/createTestApi'
import {
  createWalletTestClient,
  ethereumAddress,
  walletUser,
} from '../../../core/test/createWalletTestClient'
import { TEST_APP_ID } from '../../test/createTestClient'
import { FoyerProvider } from '../FoyerProvider/FoyerProvider'
import { type UseDelegatedActionsReturnType, useDelegatedActions } from './useDelegatedActions'

afterEach(cleanup)

const delegatedUser: User = {
  ...walletUser,
  linked_accounts: walletUser.linked_accounts.map((account) =>
    account.type === 'wallet' && account.chain_type === 'ethereum'
      ? { ...account, delegated: true }
      : account,
  ),
}

/** Hands the hook's value to the test. */
function Probe({ onHook }: { onHook(hook: UseDelegatedActionsReturnType): void }) {
  onHook(useDelegatedActions())
  return null
}

async function renderHook(setup: Awaited<ReturnType<typeof createWalletTestClient>>) {
  let hook: UseDelegatedActionsReturnType | undefined
  render(
    <FoyerProvider appId={TEST_APP_ID} apiUrl="http://api.test" client={setup.client}>
      <Probe
        onHook={(value) => {
          hook = value
        }}
      />
    </FoyerProvider>,
  )
  await waitFor(() => expect(hook).toBeDefined())
  return () => hook!
}

describe('useDelegatedActions', () => {
  test('default: delegateWallet delegates the wallet of the address through the frame; revokeWallets revokes', async () => {
    const setup = await createWalletTestClient({ user: delegatedUser, stateUser: walletUser })
    const bodies: unknown[] = []
    setup.api.on('POST /api/v1/wallets/revoke', (request) => {
      bodies.push(request.body)
      return json({ message: 'Revoked 1 delegated wallet' })
    })
    const hook = await renderHook(setup)
    await hook().delegateWallet({ address: ethereumAddress.toLowerCase() })
    expect(setup.requests.map((request) => request.event)).toContain('privy:delegated-actions:consent')
    await waitFor(() =>
      expect(setup.client.getState().user?.linked_accounts).toContainEqual(
        expect.objectContaining({ address: ethereumAddress, delegated: true }),
      ),
    )
    await hook().revokeWallets()
    expect(bodies).toEqual([{}])
  })

  test('error: delegateWallet without such a wallet rejects', async () => {
    const hook = await renderHook(await createWalletTestClient())
    await expect(
      hook().delegateWallet({ address: '0x0000000000000000000000000000000000000001' }),
    ).rejects.toThrow('Must have an embedded wallet before delegating it')
  })
})
