import { LANDING_RESET_DELAY_MS } from '@foyer/protocol'
import { Close, Content, Overlay, Portal, Root } from '@radix-ui/react-dialog'
import {
  type ComponentType,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { useFoyerState } from '../hooks/useFoyerState'
import { hasLaterMessages } from '../i18n/useLocaleMessages'
import { oauthProviderName } from '../screens/login/oauthProviderName'
import { cssStringFromTheme } from '../theme/cssStringFromTheme'
import { loadBaseStyles, loadedBaseStyles } from '../theme/loadBaseStyles'
import { resolveTheme } from '../theme/resolveTheme'
import { CloseIcon } from '../ui/icons'
import { captureTyping } from './captureTyping'
import { ModalContext, type ModalContextValue } from './ModalContext'
import { OAuthReturnPlaceholder } from './OAuthReturnPlaceholder'
import type { Router } from './router/createRouter'
import { ScreenLoading } from './ScreenLoading'
import type { ScreenParamsMap } from './screenParams'
import { isClosable, screens } from './screens'
import { useDrawerOnScreen } from './useDrawerOnScreen'
import { useScrollLockNonce } from './useScrollLockNonce'

/** Props of {@link FoyerModal}. */
export type FoyerModalProps = {
  open: boolean
  onOpenChange(open: boolean): void
  /** The provider's screen router (wallet prompts open screens through it). */
  router: Router<ScreenParamsMap>
  /** Called when the user dismisses the modal (Escape, outside click, Close), before `onOpenChange(false)`. */
  onDismiss?: (() => void) | undefined
  /**
   * The element focused before opening; focus returns to it on close (docs/conventions.md "Accessibility").
   */
  returnFocusRef: RefObject<HTMLElement | null>
  /** This login was opened with `disableSignup` (screens read it through `signInMode`). */
  disableSignup?: boolean | undefined
  /** Back from a full-page OAuth redirect: the provider, whose 'Verifying' shows until the modal opens. */
  returningProvider?: string | null | undefined
  /** Called once the modal has opened while `returningProvider` was set. */
  onReturnShown?: (() => void) | undefined
}

const hasScreen = (id: string) => Object.hasOwn(screens, id)

/**
 * The login modal: one Radix dialog (`role="dialog"`, `aria-modal`, named by the current screen's
 * heading, focus trapped, Escape closes where the screen is closable) showing the router's current
 * screen, with the theme's `<style>` scoped under `[data-foyer]` (carrying the provider's CSP `nonce`, as
 * does the dialog's scroll-lock style; its static rules load with the modal, closed, which opens once they
 * are there: `loadBaseStyles`). The history resets to landing
 * `LANDING_RESET_DELAY_MS` (150 ms) after the user closes it (docs/modal.md), at once when a screen closes it
 * on finishing its flow. Rendered by `FoyerProvider` (internal).
 */
export function FoyerModal({
  open,
  onOpenChange,
  router,
  onDismiss,
  returnFocusRef,
  disableSignup = false,
  returningProvider = null,
  onReturnShown,
}: FoyerModalProps) {
  const { client, config, messages, language, format, nonce } = useFoyerContext('FoyerModal')
  useScrollLockNonce(nonce)
  const state = useFoyerState(client)
  const history = useSyncExternalStore(router.subscribe, router.getHistory, router.getHistory)
  const route = history[history.length - 1] ?? { id: 'landing', params: undefined }
  const definition = screens[route.id]
  const closable = isClosable(route)
  const Screen = definition.component as ComponentType<{ params: unknown }>

  // docs/sessions.md: closing resets the history to the landing LANDING_RESET_DELAY_MS (150 ms) later, so a
  // dismissal reopened at once keeps its view. A screen that closes the modal because its flow finished
  // (`close`: 'Success!', a settled prompt) resets at once, so Log in right afterwards (e.g. after a logout)
  // opens the landing, not the finished flow's screens.
  const finished = useRef(false)
  const rendered = useRef(history)
  rendered.current = history
  useEffect(() => {
    const closedOn = rendered.current
    if (open) {
      finished.current = false
      return
    }
    // Only the history the modal closed on is reset: a screen shown since (the wallet created screen once
    // the wallet is made, right as 'Success!' closes) stays.
    const resetClosed = () => {
      if (router.getHistory() === closedOn) router.reset()
    }
    if (finished.current) {
      finished.current = false
      resetClosed()
      return
    }
    const timer = setTimeout(resetClosed, LANDING_RESET_DELAY_MS)
    return () => clearTimeout(timer)
  }, [open, router])

  // Text typed for a screen before it shows: while its code loads (`ScreenLoading`), or on the screen before
  // it while that one's request was in flight (`handOffTyping`); the screen takes it over (`typeahead`).
  // `typed.key` is the screen key the text is for; `next:<key>` is the screen after `<key>`, which becomes
  // its own key when the router moves on.
  const screenKey = `${history.length}:${route.id}`
  const screenKeyRef = useRef(screenKey)
  const typed = useRef({ key: '', text: '' })
  if (screenKeyRef.current !== screenKey) {
    if (typed.current.key === `next:${screenKeyRef.current}`) typed.current.key = screenKey
    screenKeyRef.current = screenKey
  }
  const screenBox = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  useDrawerOnScreen(contentRef, open)
  const onType = useCallback((text: string) => {
    if (typed.current.key !== screenKeyRef.current) typed.current = { key: screenKeyRef.current, text: '' }
    typed.current.text += text
  }, [])
  const typeahead = useCallback(
    () => (typed.current.key === screenKeyRef.current ? typed.current.text : ''),
    [],
  )
  const handOffTyping = useCallback(() => {
    const key = `next:${screenKeyRef.current}`
    typed.current = { key, text: '' }
    const stop = captureTyping((text) => {
      if (typed.current.key === key) typed.current.text += text
    })
    return () => {
      stop()
      if (typed.current.key === key) typed.current = { key: '', text: '' }
    }
  }, [])

  const scope = useId().replace(/[^A-Za-z0-9_-]/g, '') || 'foyer'
  const theme = useMemo(
    () => resolveTheme(config?.appearance, state.appConfig?.accent_color),
    [config?.appearance, state.appConfig?.accent_color],
  )
  const colorScheme = theme.colorScheme
  // The static rules load with the modal, closed; it opens once they are there (`loadBaseStyles`), and the
  // English of the screens after sign-in with them (`hasLaterMessages`).
  const [baseStyles, setBaseStyles] = useState(loadedBaseStyles)
  useEffect(() => {
    if (baseStyles !== undefined) return
    let current = true
    void loadBaseStyles().then((styles) => {
      if (current) setBaseStyles(styles)
    })
    return () => {
      current = false
    }
  }, [baseStyles])
  const css = useMemo(() => (baseStyles ?? '') + cssStringFromTheme(theme, scope), [baseStyles, theme, scope])

  // The texts of every screen are there (`hasLaterMessages`): until then the modal stays closed and no
  // screen's title is read.
  const complete = hasLaterMessages(messages)
  const close = useCallback(() => {
    finished.current = true
    onOpenChange(false)
  }, [onOpenChange])
  const context = useMemo<ModalContextValue>(
    () => ({
      client,
      state,
      config,
      router,
      messages,
      format,
      language,
      appName: state.appConfig?.name || messages.modal.thisApp,
      theme,
      disableSignup,
      close,
      hasScreen,
      typeahead,
      handOffTyping,
    }),
    [
      client,
      state,
      config,
      router,
      messages,
      format,
      language,
      theme,
      close,
      typeahead,
      handOffTyping,
      disableSignup,
    ],
  )

  const preventUnlessClosable = (event: Event) => {
    if (!closable) event.preventDefault()
  }
  const onRootOpenChange = (next: boolean) => {
    if (!next) onDismiss?.()
    onOpenChange(next)
  }

  const rootOpen = open && baseStyles !== undefined && complete
  useEffect(() => {
    if (rootOpen && returningProvider !== null) onReturnShown?.()
  }, [rootOpen, returningProvider, onReturnShown])

  return (
    <>
      {returningProvider !== null && !rootOpen ? (
        <OAuthReturnPlaceholder
          scope={scope}
          colorScheme={colorScheme}
          css={css}
          nonce={nonce}
          language={language}
          verifying={messages.oauth.verifying}
          providerName={oauthProviderName(returningProvider, messages)}
        />
      ) : null}
      <Root open={rootOpen} onOpenChange={onRootOpenChange}>
        <Portal>
          <div data-foyer={scope} data-foyer-theme={colorScheme}>
            <style nonce={nonce}>{css}</style>
            <Overlay className="foyer-overlay" />
            <Content
              ref={contentRef}
              className="foyer-content"
              lang={language}
              aria-describedby={undefined}
              aria-modal="true"
              onEscapeKeyDown={preventUnlessClosable}
              onInteractOutside={preventUnlessClosable}
              onCloseAutoFocus={(event) => {
                event.preventDefault()
                const target = returnFocusRef.current
                if (target?.isConnected) target.focus()
              }}
              onOpenAutoFocus={(event) => {
                // The screen's first control takes focus, not the Close button that comes first in tab order.
                // While the screen's code loads, the dialog itself (as before it had a control).
                event.preventDefault()
                ;(firstTabbable(screenBox.current) ?? contentRef.current)?.focus()
              }}
            >
              {/* First in the tab order, as it is drawn at the top (beside the screen's heading). */}
              {closable ? (
                <Close className="foyer-icon-button foyer-close" aria-label={messages.modal.close}>
                  <CloseIcon />
                </Close>
              ) : null}
              <ModalContext.Provider value={context}>
                <div ref={screenBox}>
                  <Suspense
                    fallback={
                      <ScreenLoading
                        label={`${messages.modal.loading}: ${complete ? definition.title(messages) : ''}`}
                        screenBox={screenBox}
                        onType={onType}
                      />
                    }
                  >
                    <Screen key={screenKey} params={route.params} />
                  </Suspense>
                </div>
              </ModalContext.Provider>
            </Content>
          </div>
        </Portal>
      </Root>
    </>
  )
}

const tabbableSelector =
  'button:not([disabled]),[href],input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'

/** The first element of `root` that Tab reaches (not disabled, not inside a `hidden` element), or null. */
function firstTabbable(root: HTMLElement | null): HTMLElement | null {
  for (const element of root?.querySelectorAll<HTMLElement>(tabbableSelector) ?? [])
    if (!element.closest('[hidden]')) return element
  return null
}
