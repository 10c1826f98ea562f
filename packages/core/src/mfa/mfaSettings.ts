import type { MfaMethodType } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'

/**
 * What runs when a wallet call needs a verification (docs/modal.md): it resolves once the user verified (with
 * `verifyMfa`, `verifyMfaWithPasskey`), and rejects to give up (e.g. `MfaCanceledError`).
 */
export type MfaRequiredHandler = (parameters: { methods: MfaMethodType[] }) => Promise<void>

/** MFA options of a client (docs/wire.md "MFA config"). */
export type MfaSettings = {
  /**
   * `true`: the modal never opens verification by itself; the host renders its own MFA UI from
   * `onMfaRequired` (registered with {@link setMfaSettings}). Default false.
   */
  noPromptOnMfaRequired: boolean
  /** The host's handler (used when `noPromptOnMfaRequired`), or the modal's (registered by `@foyer/react`). */
  onMfaRequired: MfaRequiredHandler | undefined
  /** The modal's verification screens, registered by `@foyer/react`. */
  prompt: MfaRequiredHandler | undefined
}

const settings = new WeakMap<FoyerClient, MfaSettings>()

/** The client's MFA settings (defaults when never set). */
export function getMfaSettings(client: FoyerClient): MfaSettings {
  let current = settings.get(client)
  if (!current) {
    current = { noPromptOnMfaRequired: false, onMfaRequired: undefined, prompt: undefined }
    settings.set(client, current)
  }
  return current
}

/**
 * Sets MFA options of `client`: `noPromptOnMfaRequired`, the host's `onMfaRequired` handler, or the modal's
 * `prompt`. Returns a function that restores the previous values.
 *
 * @example
 * setMfaSettings(client, { noPromptOnMfaRequired: true, onMfaRequired: async ({ methods }) => showMyMfaUi(methods) })
 */
export function setMfaSettings(client: FoyerClient, patch: Partial<MfaSettings>): () => void {
  const current = getMfaSettings(client)
  const previous = { ...current }
  Object.assign(current, patch)
  return () => Object.assign(current, previous)
}
