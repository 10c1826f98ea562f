import { openOAuthPopup } from '@foyer/core/oauth'
import type { OAuthProvider } from '@foyer/protocol'
import { oauthBlockedInAppBrowser } from '../../../inAppBrowser/oauthBlockedInAppBrowser'
import { OAuthEntry } from '../Landing/OAuthEntry'
import type { LoginMethod } from '../LoginMethod'
import { oauthStatusScreen } from './oauthStatusScreen'
import type { OAuthStatusParams } from './params'

// This method's screens and their params: the modal's `ScreenParamsMap` takes them from here.
declare module '../../../modal/screenParams' {
  interface LoginScreenParamsMap {
    oauthStatus: OAuthStatusParams
  }
}

/**
 * OAuth providers: one landing entry per provider ('Continue with <Provider>'); the status screen runs the
 * flow, in its own chunk with `@foyer/core/oauth` (PKCE, popup, code exchange). In popup mode the popup opens
 * in `continue`, synchronously, so that a landing click keeps its user activation (after the captcha
 * screen it is usually blocked, and the flow falls back to a redirect); no popup where the provider refuses
 * this in-app browser: the status screen says so instead.
 */
export const oauthLogin = {
  kind: 'oauth',
  analyticsName: (start) => start.provider,
  continue: async (modal, start, step) => {
    const popup =
      (modal.config?.oauth?.mode ?? 'popup') === 'popup' && !oauthBlockedInAppBrowser(start.provider)
        ? openOAuthPopup()
        : null
    step.open('oauthStatus', {
      provider: start.provider,
      action: 'login',
      popup,
      captchaToken: step.captchaToken,
    })
  },
  landing: {
    matches: (method) => method.startsWith('oauth:'),
    render: ({ method, start, recentChip, describedByRecent }) => {
      const provider = method.slice('oauth:'.length) as OAuthProvider
      return (
        <OAuthEntry
          provider={provider}
          start={start}
          chip={recentChip(provider, true)}
          describedBy={describedByRecent(provider)}
        />
      )
    },
  },
  screens: {
    oauthStatus: oauthStatusScreen,
  },
  copy: ['oauth'],
} satisfies LoginMethod<'oauth'>
