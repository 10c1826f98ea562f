import { createFoyerClient, type FoyerClient, InvalidAppIdError, initialize } from '@foyer/core'
import { APP_ID_LENGTH } from '@foyer/protocol'
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { FoyerModal } from '../modal/FoyerModal'
import type { FoyerConfig } from './FoyerConfig'
import { FoyerContext, type FoyerContextValue } from './FoyerContext'

/** Props of {@link FoyerProvider}. */
export type FoyerProviderProps = {
  /** The app's id: exactly 25 characters (spec 01 §5). */
  appId: string
  /** Base URL of the Foyer server, e.g. `'http://127.0.0.1:8787'`. */
  apiUrl: string
  /** Appearance and login methods of the modal. */
  config?: FoyerConfig
  /** A ready-made core client (tests, custom storage or fetch); by default one is created per provider. */
  client?: FoyerClient
  children?: ReactNode
}

/**
 * Makes Foyer available to `useFoyer()` and renders the login modal. Creates one core client per provider
 * (state belongs to it: two providers on one page stay independent; STYLE.md §2) and initializes it
 * after mounting: loads the app configuration and restores the stored session. Styles are injected by
 * the modal; the host imports no CSS.
 *
 * @param props - {@link FoyerProviderProps}
 * @throws InvalidAppIdError (code `invalid_app_id`, 'Cannot initialize the Foyer provider with an invalid
 *   Foyer app ID') when `appId` is not a string of exactly 25 characters (spec 01 §5)
 *
 * @example
 * <FoyerProvider appId="foyerdemoapp0000000000000" apiUrl="http://127.0.0.1:8787"
 *   config={{ appearance: { theme: 'dark', accentColor: '#6366f1' } }}>
 *   <App />
 * </FoyerProvider>
 */
export function FoyerProvider({ appId, apiUrl, config, client: clientProp, children }: FoyerProviderProps) {
  if (typeof appId !== 'string' || appId.length !== APP_ID_LENGTH) throw new InvalidAppIdError({ appId })

  const [client] = useState(() => clientProp ?? createFoyerClient({ appId, apiUrl }))
  const [open, setOpen] = useState(false)
  const returnFocusRef = useRef<HTMLElement | null>(null)

  useEffect(() => {
    // Failures land in the client's state (`status: 'error'`); nothing to do here.
    initialize(client).catch(() => {})
  }, [client])

  const openModal = useCallback(() => {
    const active = typeof document === 'undefined' ? null : document.activeElement
    returnFocusRef.current = active instanceof HTMLElement ? active : null
    setOpen(true)
  }, [])

  const value = useMemo<FoyerContextValue>(() => ({ client, config, openModal }), [client, config, openModal])

  return (
    <FoyerContext.Provider value={value}>
      {children}
      <FoyerModal open={open} onOpenChange={setOpen} returnFocusRef={returnFocusRef} />
    </FoyerContext.Provider>
  )
}
