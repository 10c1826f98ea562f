import { openOAuthPopup } from '@foyer/core/oauth'
import type { User } from '@foyer/protocol'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'

/** A transaction request for the provider's wallet (hex or bigint quantities). */
export type CrossAppTransactionRequest = {
  to?: `0x${string}`
  value?: bigint | `0x${string}`
  data?: `0x${string}`
  chainId?: number
  gas?: bigint | `0x${string}`
}

/** What {@link useCrossAppAccounts} returns. */
export type UseCrossAppAccountsReturnType = {
  /**
   * Signs in with the provider app `appId` — or, when a user is signed in, links it (docs/api.md: the
   * cross-app button links rather than logs in when authenticated): opens the provider's popup at once (call
   * it from a click handler) and the modal on the cross-app screen. Resolves with the user; rejects with
   * `UserRejectedRequestError` when the modal is closed.
   */
  loginWithCrossAppAccount(parameters: { appId: string }): Promise<User>
  /** Links the provider app `appId` to the signed-in user (as above, always a link). */
  linkCrossAppAccount(parameters: { appId: string }): Promise<User>
  /** Unlinks the `cross_app` account of `appId` whose `subject` is given; resolves with the user. */
  unlinkCrossAppAccount(parameters: { appId: string; subject: string }): Promise<User>
  /**
   * Signs `message` (UTF-8) with the provider's wallet `address` (`personal_sign`) in the provider's transact
   * popup (call it from a click handler). Rejects with core `CrossAppError` (docs/errors.md texts).
   */
  signMessage(message: string, options: { address: string }): Promise<`0x${string}`>
  /** Signs EIP-712 typed data with the provider's wallet (`eth_signTypedData_v4`). */
  signTypedData(typedData: object, options: { address: string }): Promise<`0x${string}`>
  /** Sends a transaction from the provider's wallet (`eth_sendTransaction`); resolves with its hash. */
  sendTransaction(
    transaction: CrossAppTransactionRequest,
    options: { address: string },
  ): Promise<`0x${string}`>
}

/** UTF-8 text as `0x…` hex (the `personal_sign` message parameter). */
function toHex(text: string): `0x${string}` {
  return `0x${[...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/**
 * Sign-in with, and requests to the wallet of, another app of the same server (docs/api.md; README.md): the
 * requester side. The popups open in the caller's click; the provider's own pages (`CrossAppAuthorize`,
 * `CrossAppTransact`) do the rest.
 *
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { loginWithCrossAppAccount, signMessage } = useCrossAppAccounts()
 * <button onClick={() => loginWithCrossAppAccount({ appId: providerAppId })}>Continue with Provider</button>
 * <button onClick={() => signMessage('Hello', { address })}>Sign with the provider wallet</button>
 */
export function useCrossAppAccounts(): UseCrossAppAccountsReturnType {
  const { client, openFlow } = useFoyerContext('useCrossAppAccounts')

  const start = useCallback(
    (appId: string, action: 'login' | 'link') => {
      // In the host's click: the popup opens with the user's activation.
      const popup = openOAuthPopup()
      return openFlow<User>((settle) => ({
        id: 'crossAppStatus',
        params: { appId, action, popup, settle },
      }))
    },
    [openFlow],
  )
  const loginWithCrossAppAccount = useCallback(
    ({ appId }: { appId: string }) => start(appId, client.getState().user ? 'link' : 'login'),
    [client, start],
  )
  const linkCrossAppAccount = useCallback(
    ({ appId }: { appId: string }) => {
      if (!client.getState().user)
        return Promise.reject(new Error('User must be authenticated before linking an account.'))
      return start(appId, 'link')
    },
    [client, start],
  )
  const unlinkCrossAppAccount = useCallback(
    async ({ appId, subject }: { appId: string; subject: string }) => {
      const { unlinkOAuth } = await import('../screens/login/OAuthStatus/oauthActions')
      return unlinkOAuth(client, { provider: `privy:${appId}`, subject })
    },
    [client],
  )
  const request = useCallback(
    async (
      address: string,
      method: 'personal_sign' | 'eth_signTypedData_v4' | 'eth_sendTransaction',
      params: unknown[],
    ) => {
      const popup = openOAuthPopup()
      const { sendCrossAppRequest } = await import('../screens/login/CrossApp/crossAppActions')
      return (await sendCrossAppRequest(client, { address, method, params, popup })) as `0x${string}`
    },
    [client],
  )
  const signMessage = useCallback(
    (message: string, { address }: { address: string }) =>
      request(address, 'personal_sign', [toHex(message), address]),
    [request],
  )
  const signTypedData = useCallback(
    (typedData: object, { address }: { address: string }) =>
      request(address, 'eth_signTypedData_v4', [address, JSON.stringify(typedData)]),
    [request],
  )
  const sendTransaction = useCallback(
    (transaction: CrossAppTransactionRequest, { address }: { address: string }) =>
      request(address, 'eth_sendTransaction', [{ ...transaction, from: address }]),
    [request],
  )
  return useMemo(
    () => ({
      loginWithCrossAppAccount,
      linkCrossAppAccount,
      unlinkCrossAppAccount,
      signMessage,
      signTypedData,
      sendTransaction,
    }),
    [
      loginWithCrossAppAccount,
      linkCrossAppAccount,
      unlinkCrossAppAccount,
      signMessage,
      signTypedData,
      sendTransaction,
    ],
  )
}
