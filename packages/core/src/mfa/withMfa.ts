import { MFA_MAX_ATTEMPTS, type MfaMethodType } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import { BaseError } from '../errors/BaseError'
import { MfaError } from './MfaError'
import { getMfaSettings } from './mfaSettings'

/** True for a refusal of the server or frame that asks for a verification (`missing_or_invalid_mfa`). */
export function isMfaRequired(error: unknown): boolean {
  return error instanceof BaseError && error.code === 'missing_or_invalid_mfa'
}

/**
 * Asks the user to verify (docs/modal.md "MFA verification"): the host's `onMfaRequired` when
 * `noPromptOnMfaRequired`, else the modal's verification screens. Resolves once verified.
 *
 * @throws {MfaError} `'missing_or_invalid_mfa'` when the user has no factor or nothing can ask;
 *   `'mfa_canceled'` (from the modal) when the user closed it.
 * @example await promptMfa(client)
 */
export async function promptMfa(client: FoyerClient): Promise<void> {
  const methods = (client.getState().user?.mfa_methods ?? []).map((method) => method.type) as MfaMethodType[]
  if (methods.length === 0) throw new MfaError('missing_or_invalid_mfa')
  const settings = getMfaSettings(client)
  const handler = settings.noPromptOnMfaRequired ? settings.onMfaRequired : settings.prompt
  if (!handler) throw new MfaError('missing_or_invalid_mfa')
  await handler({ methods })
}

/**
 * Runs `action`; when it is refused with `missing_or_invalid_mfa` (docs/wire.md#mfa client loop) and the user
 * has a factor, asks for a verification ({@link promptMfa}) and runs it again, at most 4 times in all
 * (docs/limits.md), then throws `MfaError('mfa_verification_max_attempts_reached')`. A refusal for a user
 * without a factor (a guest's export, docs/security.md property 54) is rethrown as is.
 *
 * @example const signature = await withMfa(client, () => walletRpc(client, parameters))
 */
export async function withMfa<T>(client: FoyerClient, action: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await action()
    } catch (error) {
      if (!isMfaRequired(error)) throw error
      if (!client.getState().user?.mfa_methods.length) throw error
      if (attempt >= MFA_MAX_ATTEMPTS)
        throw new MfaError('mfa_verification_max_attempts_reached', { cause: error })
      await promptMfa(client)
    }
  }
}
