import type { LandingView } from './landingModel'

/**
 * Params of the landing screen: its view, an email to prefill and an inline error to show (all optional).
 * Each view other than the default is its own history entry, so Back returns to the previous view and the
 * modal's reset after closing brings back the default one (docs/modal.md "Landing view").
 */
export type LandingParams = {
  /** The landing view (default `'default'`); see `landingModel`. */
  view?: LandingView
  email?: string
  /** Shown under the email field until it is edited (docs/errors.md: disallowed plus email returns here). */
  inlineError?: 'disallowed_plus_email'
  /** An E.164 number to prefill in the phone field (coming Back from the code screen). */
  phoneNumber?: string
}
