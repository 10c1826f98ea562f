import type { WalletDevice } from '@foyer/protocol'
import { useFoyer, useWalletDevices } from '@foyer/react'
import { useCallback, useEffect, useState } from 'react'

/**
 * The browsers that can use the user's embedded wallets (`useWalletDevices`): each was added after a sign-in
 * there and announced by email; 'Revoke' ends that browser's access for good.
 */
export function DevicesPanel() {
  const { user } = useFoyer()
  const { listDevices, revokeDevice } = useWalletDevices()
  const [devices, setDevices] = useState<WalletDevice[] | null>(null)
  const [error, setError] = useState('')
  const hasWallet = user?.linked_accounts.some(
    (account) => account.type === 'wallet' && account.connector_type === 'embedded',
  )
  const refresh = useCallback(async () => {
    setError('')
    try {
      setDevices(await listDevices())
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught))
    }
  }, [listDevices])
  useEffect(() => {
    if (hasWallet) void refresh()
  }, [hasWallet, refresh])
  if (!hasWallet) return null
  return (
    <section>
      <h2>Wallet devices</h2>
      <ul data-testid="wallet-devices">
        {(devices ?? []).map((device) => (
          <li key={device.id} data-testid="wallet-device">
            {device.label}
            {device.current ? ' (this browser)' : ''} · added{' '}
            {new Date(device.created_at * 1000).toLocaleString()}{' '}
            {device.current ? null : (
              <button
                type="button"
                onClick={() =>
                  void revokeDevice(device.id).then(refresh, (caught: unknown) =>
                    setError(caught instanceof Error ? caught.message : String(caught)),
                  )
                }
              >
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => void refresh()}>
        Refresh devices
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </section>
  )
}
