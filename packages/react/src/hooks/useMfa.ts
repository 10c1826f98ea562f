import type { MfaMethodType } from '@foyer/protocol'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'

/** What {@link useMfa} returns. */
export type UseMfaReturnType = {
  /** Asks for a verification now (the modal, or your `onMfaRequired`); resolves once verified. */
  promptMfa(): Promise<void>
  /** Starts a verification: texts the SMS code (`'sms'`); nothing to start for `'totp'`. */
  init(method: 'sms' | 'totp'): Promise<void>
  /** Submits a 6-digit code (`'sms'`, `'totp'`), or runs the passkey ceremony (`'passkey'`, no code). */
  submit(method: MfaMethodType, code?: string): Promise<void>
}

/**
 * Verification for hosts that render their own MFA UI (docs/api.md `promptMfa`, `init`, `submit`; with
 * `mfa.noPromptOnMfaRequired`). Errors: `WalletProxyError` `'missing_or_invalid_mfa'` ('The code you entered
 * is not valid'), `'mfa_timeout'`, `'mfa_verification_max_attempts_reached'`.
 *
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { init, submit } = useMfa()
 * await init('sms'); await submit('sms', code)
 */
export function useMfa(): UseMfaReturnType {
  const { client } = useFoyerContext('useMfa')
  const promptMfa = useCallback(async () => (await import('@foyer/core/mfa')).promptMfa(client), [client])
  const init = useCallback(
    async (method: 'sms' | 'totp') => {
      if (method === 'sms') await (await import('@foyer/core/mfa')).sendMfaSmsCode(client)
    },
    [client],
  )
  const submit = useCallback(
    async (method: MfaMethodType, code?: string) => {
      const mfa = await import('@foyer/core/mfa')
      if (method === 'passkey') await mfa.verifyMfaWithPasskey(client)
      else await mfa.verifyMfa(client, { method, code: code ?? '' })
    },
    [client],
  )
  return useMemo(() => ({ promptMfa, init, submit }), [promptMfa, init, submit])
}

/**
 * Registers the host's MFA UI (with `mfa.noPromptOnMfaRequired`): `onMfaRequired({ methods })` runs when a
 * wallet call needs a verification; resolve it once the user verified (with {@link useMfa}'s `submit`), or
 * reject to cancel. The wallet call is then retried (docs/modal.md; at most 4 attempts).
 *
 * @example
 * useRegisterMfaListener({ onMfaRequired: ({ methods }) => openMyMfaDialog(methods) })
 */
export function useRegisterMfaListener(parameters: {
  onMfaRequired(parameters: { methods: MfaMethodType[] }): Promise<void>
}): void {
  const { client } = useFoyerContext('useRegisterMfaListener')
  const latest = useRef(parameters.onMfaRequired)
  latest.current = parameters.onMfaRequired
  useEffect(() => {
    let restore: (() => void) | undefined
    let active = true
    void import('@foyer/core/mfa').then(({ setMfaSettings }) => {
      if (active) restore = setMfaSettings(client, { onMfaRequired: (request) => latest.current(request) })
    })
    return () => {
      active = false
      restore?.()
    }
  }, [client])
}
