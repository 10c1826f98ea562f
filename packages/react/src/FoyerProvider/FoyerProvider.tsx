import { createFoyerClient, type FoyerClient, InvalidAppIdError, initialize } from '@foyer/core'
import { MfaError, setMfaSettings } from '@foyer/core/mfa'
import { APP_ID_LENGTH } from '@foyer/protocol'
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { promptFundingAfterCreate } from '../hooks/promptFundingAfterCreate'
import { showWalletCreated, WALLET_CREATED_CLOSE_DELAY_MS } from '../hooks/showWalletCreated'
import { useCreateOnLogin } from '../hooks/useCreateOnLogin'
import { useSyncCustomAuth } from '../hooks/useSyncCustomAuth'
import { useTermsGate } from '../hooks/useTermsGate'
import { useWarmWallet } from '../hooks/useWarmWallet'
import { useLocaleMessages } from '../i18n/useLocaleMessages'
import { FoyerModal } from '../modal/FoyerModal'
import { createModalWalletUi } from '../modal/prompts/createModalWalletUi'
import { createRouter, type Route } from '../modal/router/createRouter'
import type { ScreenParamsMap } from '../modal/screenParams'
import { walletCreatedScreen } from '../screens/wallet/WalletCreated/walletCreatedScreen'
import type { FoyerConfig } from './FoyerConfig'
import { FoyerContext, type FoyerContextValue } from './FoyerContext'
import type { FoyerLoginOptions } from './FoyerLoginOptions'
import { fullPageOAuthReturnProvider, useOAuthRedirectReturn } from './useOAuthRedirectReturn'
import { usePhantomLinkReturn } from './usePhantomLinkReturn'
import { useTelegramPageLoad } from './useTelegramPageLoad'

/** Props of {@link FoyerProvider}. */
export type FoyerProviderProps = {
  /** The app's id: exactly 25 characters (docs/limits.md). */
  appId: string
  /** Base URL of the Foyer server, e.g. `'http://127.0.0.1:8787'`. */
  apiUrl: string
  /** Appearance, login methods, embedded wallets and chains. */
  config?: FoyerConfig
  /** A ready-made core client (tests, custom storage or fetch); by default one is created per provider. */
  client?: FoyerClient
  /**
   * The page's Content-Security-Policy nonce (the value of `'nonce-…'` in its `style-src` and
   * `script-src`), set on every element the SDK injects: the modal's `<style>`, the dialog's scroll-lock
   * style and the captcha and Telegram scripts. With it the page needs no `'unsafe-inline'`; see
   * `docs/content-security-policy.md`.
   */
  nonce?: string | undefined
  children?: ReactNode
}

/**
 * Makes Foyer available to `useFoyer()` and the wallet hooks, and renders the modal. Creates one core client
 * per provider (state belongs to it: two providers on one page stay independent; docs/conventions.md "Plain
 * actions, thin hooks") with the config's `chains`, `solanaClusters` and `embeddedWallets`, and initializes
 * it after mounting: loads the app configuration and restores the stored session. Registers the modal as the
 * wallet's user interface (signature and transaction prompts, password screens) and creates the
 * `createOnLogin` wallets after each sign-in (docs/sessions.md). On a page load that is an OAuth return
 * (`privy_oauth_*` parameters), it finishes the sign-in: in the popup it hands the code to the opener; after
 * a full-page redirect it opens the modal on the OAuth status screen. Styles are injected by the modal, with
 * `nonce` when the page has a nonce-based Content-Security-Policy; the host imports no CSS.
 *
 * @param props - {@link FoyerProviderProps}
 * @throws InvalidAppIdError (code `invalid_app_id`, 'Cannot initialize the Foyer provider with an invalid
 *   Foyer app ID') when `appId` is not a string of exactly 25 characters (docs/limits.md)
 *
 * @example
 * <FoyerProvider appId="foyerdemoapp0000000000000" apiUrl="http://127.0.0.1:8787" nonce={cspNonce}
 *   config={{ appearance: { theme: 'dark' }, embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } }}>
 *   <App />
 * </FoyerProvider>
 */
export function FoyerProvider({
  appId,
  apiUrl,
  config,
  client: clientProp,
  nonce,
  children,
}: FoyerProviderProps) {
  if (typeof appId !== 'string' || appId.length !== APP_ID_LENGTH) throw new InvalidAppIdError({ appId })

  const [client] = useState(
    () =>
      clientProp ??
      createFoyerClient({
        appId,
        apiUrl,
        chains: config?.chains,
        solanaClusters: config?.solanaClusters,
        embeddedWallets: config?.embeddedWallets,
        analytics: config?.analytics,
      }),
  )
  const [open, setOpen] = useState(false)
  const returnFocusRef = useRef<HTMLElement | null>(null)
  const [router] = useState(() => createRouter<ScreenParamsMap>({ id: 'landing', params: undefined }))

  const rememberFocus = useCallback(() => {
    const active = typeof document === 'undefined' ? null : document.activeElement
    returnFocusRef.current = active instanceof HTMLElement ? active : null
  }, [])

  const [walletUi] = useState(() =>
    createModalWalletUi({
      show(route) {
        rememberFocus()
        router.reset(route.id, route.params as never)
        setOpen(true)
      },
      history: () => router.getHistory(),
      restore: (history) => router.restore(history),
    }),
  )

  useEffect(() => {
    // Failures land in the client's state (`status: 'error'`); nothing to do here.
    initialize(client).catch(() => {})
  }, [client])

  // MFA (docs/modal.md): a wallet call refused for want of a verification opens the verification screens,
  // in front of an open flow (export), then the call is retried (`withMfa`).
  useEffect(
    () =>
      setMfaSettings(client, {
        noPromptOnMfaRequired: config?.mfa?.noPromptOnMfaRequired ?? false,
        prompt: async ({ methods }) => {
          // The transaction the verification is for, if one is being approved (its summary shows).
          const pending = walletUi.openPrompt()
          const { interrupted } = await walletUi
            .openInFront<undefined>((settle) => ({ id: 'mfaVerify', params: { methods, settle, pending } }))
            .catch((error: unknown) => {
              throw error instanceof MfaError ? error : new MfaError('mfa_canceled', { cause: error })
            })
          if (!interrupted) setOpen(false)
        },
      }),
    [client, walletUi, config?.mfa?.noPromptOnMfaRequired],
  )

  useEffect(() => {
    const slot = client._internal.wallet
    slot.ui = walletUi.ui
    return () => {
      if (slot.ui === walletUi.ui) slot.ui = undefined
    }
  }, [client, walletUi])

  // docs/modal.md: back from an OAuth provider, the modal opens on the OAuth status screen and finishes.
  const showRoute = useCallback(
    (route: Route<ScreenParamsMap>) => {
      rememberFocus()
      router.reset(route.id, route.params as never)
      setOpen(true)
    },
    [rememberFocus, router],
  )
  // Back from a full-page redirect, 'Verifying' and the provider show from the first frame, until the modal
  // opens on the status screen (docs/modal.md "OAuth status").
  const [returningProvider, setReturningProvider] = useState(fullPageOAuthReturnProvider)
  const returnShown = useCallback(() => setReturningProvider(null), [])
  useOAuthRedirectReturn(client, showRoute, returnShown)
  useTelegramPageLoad(client, showRoute)
  usePhantomLinkReturn(client, showRoute)

  useTermsGate(client, config, router, showRoute)
  useCreateOnLogin(client, config?.embeddedWallets, async (created) => {
    // The created screen is a route any flow replaces; the funding prompt follows once it has closed. Its
    // code loads first, so the modal never draws its loading state between 'Success!' and it (a failed
    // chunk fails again, visibly, when rendered).
    await walletCreatedScreen.component.preload().catch(() => {})
    const shown = showWalletCreated(
      config?.embeddedWallets,
      { busy: walletUi.busy, show: showRoute },
      created,
    )
    if (shown) await new Promise((resolve) => setTimeout(resolve, WALLET_CREATED_CLOSE_DELAY_MS))
    await promptFundingAfterCreate(client, walletUi.open, created)
  })
  useSyncCustomAuth(client, config?.customAuth)
  useWarmWallet(client)

  const [loginOptions, setLoginOptions] = useState<FoyerLoginOptions>({})
  const openModal = useCallback(
    (options?: FoyerLoginOptions) => {
      rememberFocus()
      setLoginOptions(options ?? {})
      // Log in starts on the landing, even within LANDING_RESET_DELAY_MS of closing another screen (a link
      // flow, the code screen), whose history would otherwise come back. The landing itself keeps its view
      // until the delay has passed (docs/modal.md).
      if (router.getHistory().some((route) => route.id !== 'landing')) router.reset()
      setOpen(true)
    },
    [rememberFocus, router],
  )

  const { messages, language, format } = useLocaleMessages(config?.intl)
  const value = useMemo<FoyerContextValue>(
    () => ({ client, config, openModal, openFlow: walletUi.open, messages, language, format, nonce }),
    [client, config, openModal, walletUi, messages, language, format, nonce],
  )

  return (
    <FoyerContext.Provider value={value}>
      {children}
      <FoyerModal
        open={open}
        onOpenChange={setOpen}
        router={router}
        onDismiss={walletUi.dismissed}
        returnFocusRef={returnFocusRef}
        disableSignup={loginOptions.disableSignup === true}
        returningProvider={returningProvider}
        onReturnShown={returnShown}
      />
    </FoyerContext.Provider>
  )
}
