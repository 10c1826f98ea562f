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
  useSyncExternalStore,
} from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { useFoyerState } from '../hooks/useFoyerState'
import { en, type Messages } from '../i18n/en'
import { baseStyles } from '../theme/baseStyles'
import { cssStringFromTheme } from '../theme/cssStringFromTheme'
import { sanitizeColor } from '../theme/sanitizeColor'
import { CloseIcon } from '../ui/icons'
import { Spinner } from '../ui/Spinner'
import { ModalContext, type ModalContextValue } from './ModalContext'
import type { Router } from './router/createRouter'
import type { ScreenParamsMap } from './screenParams'
import { isClosable, screens } from './screens'

/** Props of {@link FoyerModal}. */
export type FoyerModalProps = {
  open: boolean
  onOpenChange(open: boolean): void
  /** The provider's screen router (wallet prompts open screens through it). */
  router: Router<ScreenParamsMap>
  /** Called when the user dismisses the modal (Escape, outside click, Close), before `onOpenChange(false)`. */
  onDismiss?: (() => void) | undefined
  /** The element focused before opening; focus returns to it on close (STYLE.md §11). */
  returnFocusRef: RefObject<HTMLElement | null>
}

const messages: Messages = en
const hasScreen = (id: string) => Object.hasOwn(screens, id)

/**
 * The login modal: one Radix dialog (`role="dialog"`, `aria-modal`, named by the current screen's
 * heading, focus trapped, Escape closes where the screen is closable) showing the router's current
 * screen, with the theme's `<style>` scoped under `[data-foyer]`. The history resets to landing
 * `LANDING_RESET_DELAY_MS` (150 ms) after closing (spec 01 §4). Rendered by `FoyerProvider` (internal).
 */
export function FoyerModal({ open, onOpenChange, router, onDismiss, returnFocusRef }: FoyerModalProps) {
  const { client, config } = useFoyerContext('FoyerModal')
  const state = useFoyerState(client)
  const history = useSyncExternalStore(router.subscribe, router.getHistory, router.getHistory)
  const route = history[history.length - 1] ?? { id: 'landing', params: undefined }
  const definition = screens[route.id]
  const closable = isClosable(route)
  const Screen = definition.component as ComponentType<{ params: unknown }>

  useEffect(() => {
    if (open) return
    const timer = setTimeout(() => router.reset(), LANDING_RESET_DELAY_MS)
    return () => clearTimeout(timer)
  }, [open, router])

  const scope = useId().replace(/[^A-Za-z0-9_-]/g, '') || 'foyer'
  const colorScheme = config?.appearance?.theme === 'dark' ? 'dark' : 'light'
  const accent =
    sanitizeColor(config?.appearance?.accentColor) ?? sanitizeColor(state.appConfig?.accent_color)
  const css = useMemo(
    () => baseStyles + cssStringFromTheme({ colorScheme, accent }, scope),
    [colorScheme, accent, scope],
  )

  const close = useCallback(() => onOpenChange(false), [onOpenChange])
  const context = useMemo<ModalContextValue>(
    () => ({
      client,
      state,
      config,
      router,
      messages,
      appName: state.appConfig?.name || messages.modal.thisApp,
      close,
      hasScreen,
    }),
    [client, state, config, router, close],
  )

  const preventUnlessClosable = (event: Event) => {
    if (!closable) event.preventDefault()
  }
  const onRootOpenChange = (next: boolean) => {
    if (!next) onDismiss?.()
    onOpenChange(next)
  }

  return (
    <Root open={open} onOpenChange={onRootOpenChange}>
      <Portal>
        <div data-foyer={scope} data-foyer-theme={colorScheme}>
          <style>{css}</style>
          <Overlay className="foyer-overlay" />
          <Content
            className="foyer-content"
            aria-describedby={undefined}
            aria-modal="true"
            onEscapeKeyDown={preventUnlessClosable}
            onInteractOutside={preventUnlessClosable}
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              const target = returnFocusRef.current
              if (target?.isConnected) target.focus()
            }}
          >
            <ModalContext.Provider value={context}>
              <Suspense
                fallback={
                  // No heading here: while a screen loads, React keeps the previous one (and its heading)
                  // mounted but hidden, and that heading still names the dialog.
                  <div className="foyer-center" role="status">
                    <Spinner size="large" />
                    <span className="foyer-sr-only">{`${messages.modal.loading}: ${definition.title(messages)}`}</span>
                  </div>
                }
              >
                <Screen key={`${history.length}:${route.id}`} params={route.params} />
              </Suspense>
            </ModalContext.Provider>
            {closable ? (
              <Close className="foyer-icon-button foyer-close" aria-label={messages.modal.close}>
                <CloseIcon />
              </Close>
            ) : null}
          </Content>
        </div>
      </Portal>
    </Root>
  )
}
