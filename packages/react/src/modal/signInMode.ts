import type { AuthMode } from '@foyer/protocol'
import type { ModalContextValue } from './ModalContext'

/** The methods whose config has its own `disableSignup` (`config.oauth`, `config.telegram`). */
type ConfiguredMethod = 'oauth' | 'telegram'

/**
 * The sign-in mode of a login started in the modal (docs/modal.md "Sign-in mode", docs/api.md;
 * docs/wire.md#oauth): `'no-signup'` when this login was opened with `disableSignup`
 * (`login({ disableSignup: true })`) or, for OAuth and Telegram, when `config.<method>.disableSignup` is set;
 * else `'login-or-sign-up'`.
 *
 * @example await loginWithEmailCode(client, { email, code, mode: signInMode(modal) })
 */
export function signInMode(
  modal: Pick<ModalContextValue, 'config' | 'disableSignup'>,
  method?: ConfiguredMethod,
): AuthMode {
  const configured = method !== undefined && modal.config?.[method]?.disableSignup === true
  return modal.disableSignup === true || configured ? 'no-signup' : 'login-or-sign-up'
}
