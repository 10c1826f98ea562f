import type { CaptchaController } from '@foyer/core/captcha'
import { type RefObject, useCallback, useEffect, useMemo, useRef } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { useModal } from '../modal/ModalContext'

/** What {@link useCaptcha} returns. */
export type UseCaptchaReturnType = {
  /** Put on the element the widget renders into (invisible unless the challenge needs interaction). */
  containerRef: RefObject<HTMLDivElement | null>
  /**
   * Runs the challenge and resolves with a fresh, single-use token (docs/modal.md "Captcha status": retried 3
   * times, 20 s wait). Loads `@foyer/core/captcha` and the Turnstile script (`config.captcha.scriptUrl`) on
   * first use.
   *
   * @throws CaptchaError `captcha_failed`, `CAPTCHA_TIMEOUT` ('Captcha failed'), `captcha_unavailable`,
   *   `unsupported_captcha_site_key`
   */
  getToken(): Promise<string>
}

/**
 * A captcha widget for a screen (internal): the container ref and `getToken()`. The controller is created on
 * first use and destroyed (the widget removed) when the screen unmounts. Nothing here is in the sign-in
 * bundle: the screens that use it are lazy, and the core entry is imported on demand.
 */
export function useCaptcha(): UseCaptchaReturnType {
  const { config, state } = useModal()
  const containerRef = useRef<HTMLDivElement | null>(null)
  const controller = useRef<Promise<CaptchaController> | null>(null)
  const appConfig = state.appConfig
  const scriptUrl = config?.captcha?.scriptUrl
  const { nonce } = useFoyerContext('useCaptcha')

  const mounted = useRef(false)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      // React's StrictMode unmounts and mounts again at once: remove the widget only if no mount follows.
      setTimeout(() => {
        if (mounted.current) return
        const pending = controller.current
        controller.current = null
        pending?.then(
          (created) => created.destroy(),
          () => {},
        )
      }, 0)
    }
  }, [])

  const getToken = useCallback(async () => {
    controller.current ??= (async () => {
      const { createCaptchaController, loadTurnstile, siteKeyOf } = await import('@foyer/core/captcha')
      const siteKey = siteKeyOf({ captcha_site_key: appConfig?.captcha_site_key ?? null })
      const turnstile = await loadTurnstile(scriptUrl, { nonce })
      const container = containerRef.current
      if (!container) throw new Error('The captcha container is not mounted.')
      return createCaptchaController({ turnstile, siteKey, container })
    })()
    const pending = controller.current
    let created: CaptchaController
    try {
      created = await pending
    } catch (error) {
      if (controller.current === pending) controller.current = null // load again on the next try
      throw error
    }
    created.execute()
    return created.waitForToken()
  }, [appConfig, scriptUrl, nonce])

  return useMemo(() => ({ containerRef, getToken }), [getToken])
}
