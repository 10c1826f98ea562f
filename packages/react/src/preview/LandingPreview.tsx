import { createFoyerClient, createMemoryStorage } from '@foyer/core'
import type { AppConfig } from '@foyer/protocol'
import { Root } from '@radix-ui/react-dialog'
import { useEffect, useId, useMemo, useState } from 'react'
import type { FoyerConfig } from '../FoyerProvider/FoyerConfig'
import { useLocaleMessages } from '../i18n/useLocaleMessages'
import { ModalContext, type ModalContextValue } from '../modal/ModalContext'
import { createRouter } from '../modal/router/createRouter'
import type { ScreenParamsMap } from '../modal/screenParams'
import { Landing } from '../screens/login/Landing/Landing'
import { cssStringFromTheme } from '../theme/cssStringFromTheme'
import { loadBaseStyles, loadedBaseStyles } from '../theme/loadBaseStyles'
import { resolveTheme } from '../theme/resolveTheme'

/** The props of {@link LandingPreview}. */
export type LandingPreviewProps = {
  /** The app's public configuration to draw (`toPublicAppConfig` of the edited settings). */
  appConfig: AppConfig
  /** The host config the landing also reads (`appearance`, `loginMethods`, `loginMethodsAndOrder`). */
  config?: FoyerConfig
  /** The page's CSP nonce for the preview's `<style>` (as `FoyerProvider`'s `nonce`). */
  nonce?: string | undefined
}

/** The preview's fetch: it never reaches a server (a click on an entry goes nowhere). */
const noNetwork: typeof fetch = () => Promise.reject(new TypeError('The landing preview makes no requests'))

/** Where the frame sits: in the page's flow, not fixed over it like the modal. */
const inFlow =
  '[data-foyer] .foyer-content.foyer-preview{position:relative;top:auto;left:auto;right:auto;bottom:auto;transform:none;z-index:auto;margin:0 auto;max-height:none;animation:none}'

/**
 * The modal's landing as it draws for `appConfig` (docs/modal.md "Landing"): the real `Landing` screen with
 * the modal's styles and theme (`appearance` and the app's accent colour), in the page's flow instead of a
 * dialog, for a console's live preview of an app's settings. It is a picture: `inert` (nothing in it takes
 * focus or clicks) and makes no requests; its texts are English unless `config.intl` says otherwise.
 *
 * @example <LandingPreview appConfig={toPublicAppConfig(settings, identity)} config={{ appearance: { theme: 'dark' } }} />
 */
export function LandingPreview({ appConfig, config, nonce }: LandingPreviewProps) {
  const [client] = useState(() =>
    createFoyerClient({
      appId: appConfig.id,
      apiUrl: 'https://preview.invalid',
      fetch: noNetwork,
      storage: createMemoryStorage(),
    }),
  )
  const [router] = useState(() => createRouter<ScreenParamsMap>({ id: 'landing', params: undefined }))
  const { messages, language, format } = useLocaleMessages(config?.intl)
  const [baseStyles, setBaseStyles] = useState(loadedBaseStyles)
  useEffect(() => {
    let current = true
    if (baseStyles === undefined)
      void loadBaseStyles().then((styles) => {
        if (current) setBaseStyles(styles)
      })
    return () => {
      current = false
    }
  }, [baseStyles])
  const scope = useId().replace(/[^A-Za-z0-9_-]/g, '') || 'foyer'
  const theme = useMemo(
    () => resolveTheme(config?.appearance, appConfig.accent_color),
    [config?.appearance, appConfig.accent_color],
  )
  const context = useMemo<ModalContextValue>(
    () => ({
      client,
      state: { ...client.getState(), status: 'ready', appConfig },
      config,
      router,
      messages,
      format,
      language,
      appName: appConfig.name || messages.modal.thisApp,
      theme,
      close: () => {},
      hasScreen: () => false,
      typeahead: () => '',
      handOffTyping: () => () => {},
    }),
    [client, appConfig, config, router, messages, format, language, theme],
  )
  if (baseStyles === undefined) return null
  return (
    <div data-foyer={scope} data-foyer-theme={theme.colorScheme} inert>
      <style nonce={nonce}>{baseStyles + cssStringFromTheme(theme, scope) + inFlow}</style>
      <div className="foyer-content foyer-preview" lang={language}>
        {/* The screen's title is the dialog's; a dialog root with no content of its own gives it one. */}
        <Root open modal={false}>
          <ModalContext.Provider value={context}>
            <Landing params={undefined} />
          </ModalContext.Provider>
        </Root>
      </div>
    </div>
  )
}
