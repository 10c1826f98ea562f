import { openOAuthPopup } from '@foyer/core/oauth'
import { lazy, Suspense } from 'react'
import { preloadableScreen } from '../../../modal/lazyScreen'
import type { LoginMethod } from '../LoginMethod'
import type { CrossAppStatusParams } from './params'

// This method's screens and their params: the modal's `ScreenParamsMap` takes them from here.
declare module '../../../modal/screenParams' {
  interface LoginScreenParamsMap {
    crossAppStatus: CrossAppStatusParams
  }
}

/** The cross-app entry, loaded lazily with its details call (bundle budget). */
const CrossAppEntry = lazy(() => import('./CrossAppEntry').then((m) => ({ default: m.CrossAppEntry })))

/**
 * Another app of the server (cross-app; login method `privy:<appId>`): 'Continue with {provider app}'
 * opens the provider's popup within the click and the cross-app status screen.
 */
export const crossAppLogin = {
  kind: 'crossApp',
  analyticsName: (start) => `privy:${start.appId}`,
  continue: async (_modal, start, step) => {
    // In the click: the provider's popup opens with the user's activation.
    const popup = openOAuthPopup()
    step.open('crossAppStatus', {
      appId: start.appId,
      action: 'login',
      popup,
      captchaToken: step.captchaToken,
    })
  },
  landing: {
    matches: (method) => method.startsWith('privy:'),
    render: ({ method, start }) => (
      <Suspense fallback={<div className="foyer-input-row" aria-hidden="true" />}>
        <CrossAppEntry appId={method.slice('privy:'.length)} start={start} />
      </Suspense>
    ),
  },
  screens: {
    crossAppStatus: preloadableScreen(() => import('./CrossAppStatus').then((m) => m.CrossAppStatus), {
      title: (m) => m.crossApp.verifying,
      closable: true,
    }),
  },
  copy: ['crossApp'],
} satisfies LoginMethod<'crossApp'>
