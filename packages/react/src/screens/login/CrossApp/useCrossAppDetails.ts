import { getCrossAppProviderDetails } from '@foyer/core/cross-app'
import type { CrossAppDetailsResponse } from '@foyer/protocol'
import { useEffect, useState } from 'react'
import { useModal } from '../../../modal/ModalContext'

/**
 * The name and icon of the app `appId` (core `getCrossAppProviderDetails`, cached per app): `null` while
 * it loads or when it cannot be read (internal).
 */
export function useCrossAppDetails(appId: string): CrossAppDetailsResponse | null {
  const { client } = useModal()
  const [details, setDetails] = useState<CrossAppDetailsResponse | null>(null)
  useEffect(() => {
    let live = true
    void getCrossAppProviderDetails(client, { appId }).then((found) => {
      if (live) setDetails(found)
    })
    return () => {
      live = false
    }
  }, [client, appId])
  return details
}
