import type { EmbeddedWalletInfo, FoyerClient } from '@foyer/core'
import { loadWallet } from '../../hooks/loadWallet'
import type { PromptSettler } from '../../modal/prompts/PromptSettler'
import type { Route } from '../../modal/router/createRouter'
import type { ScreenParamsMap } from '../../modal/screenParams'

/**
 * The route of the password flow for an existing wallet, started by the user (closable): 'Set your password'
 * (or 'Reset your password' when it has one), and on 'Set Password' the wallet's recovery becomes
 * `user-passcode` with it (internal). `existingRecoveryAccessToken`: Google's token for a wallet now on Google
 * Drive, so the frame deletes the old secret once the password is stored (docs/recovery-oauth.md "Changing
 * the method").
 */
export function passwordFlowRoute(
  client: FoyerClient,
  wallet: EmbeddedWalletInfo,
  settle: PromptSettler<undefined>,
  existingRecoveryAccessToken?: string,
): Route<ScreenParamsMap> {
  return {
    id: 'setPassword',
    params: {
      prompt: {
        kind: 'setPassword',
        reason: wallet.recoveryMethod === 'user-passcode' ? 'update' : 'create',
        closable: true,
        async submit(password) {
          const { setWalletRecovery } = await loadWallet()
          await setWalletRecovery(client, {
            wallet,
            recoveryMethod: 'user-passcode',
            password,
            ...(existingRecoveryAccessToken ? { existingRecoveryAccessToken } : {}),
          })
        },
      },
      settle,
    },
  }
}
