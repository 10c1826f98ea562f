import type { WalletDevice } from '@foyer/protocol'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { loadWallet } from './loadWallet'

/** What {@link useWalletDevices} returns. */
export type UseWalletDevicesReturnType = {
  /** The browsers that can use the user's embedded wallets, newest first; `current` is this one. */
  listDevices(): Promise<WalletDevice[]>
  /**
   * Revokes a device for good: its key is refused and its session ends (`docs/security.md#device-keys`).
   * Rejects with core `ApiError` (`missing_or_invalid_mfa` when the user must verify first, `not_found`).
   */
  revokeDevice(deviceId: string): Promise<void>
}

/**
 * The devices of the signed-in user's embedded wallets: each browser that registered its device key after a
 * sign-in (the user is emailed when one is added), and their revocation.
 *
 * @returns {@link UseWalletDevicesReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { listDevices, revokeDevice } = useWalletDevices()
 * const devices = await listDevices()
 * await revokeDevice(devices.find((device) => !device.current)!.id)
 */
export function useWalletDevices(): UseWalletDevicesReturnType {
  const { client } = useFoyerContext('useWalletDevices')
  const listDevices = useCallback(async () => (await loadWallet()).listWalletDevices(client), [client])
  const revokeDevice = useCallback(
    async (deviceId: string) => (await loadWallet()).revokeWalletDevice(client, { deviceId }),
    [client],
  )
  return useMemo(() => ({ listDevices, revokeDevice }), [listDevices, revokeDevice])
}
