import { getEmbeddedWallets } from '@foyer/core'
import { verifyCrossAppToken } from '@foyer/core/cross-app'
import {
  CROSS_APP_ACTION_ERROR_TYPE,
  CROSS_APP_ACTION_RESPONSE_TYPE,
  type CrossAppMethod,
  crossAppErrorMessages,
  crossAppMethods,
} from '@foyer/protocol'
import { useEffect, useRef, useState } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { useFoyer } from '../hooks/useFoyer'
import { useSendTransaction } from '../hooks/useSendTransaction'
import { useSignMessage } from '../hooks/useSignMessage'
import { useSignTypedData } from '../hooks/useSignTypedData'
import { Spinner } from '../ui/Spinner'
import { CrossAppPage } from './CrossAppPage'
import { runSmartWalletRequest, SMART_WALLET_MISMATCH } from './smartWalletRequest'

/** The transact page's query (docs/wire.md#cross-app): `token` and the JSON `request`. */
type TransactQuery = {
  token: string
  method: CrossAppMethod
  params: unknown[]
  callbackUrl: string
  origin: string
}

function readQuery(search: string): TransactQuery | null {
  const query = new URLSearchParams(search)
  const token = query.get('token')
  try {
    const request = JSON.parse(query.get('request') ?? '') as {
      content?: { request?: { request?: { method?: unknown; params?: unknown } } }
      callbackUrl?: unknown
    }
    const inner = request.content?.request?.request
    const method = inner?.method
    if (
      !token ||
      typeof request.callbackUrl !== 'string' ||
      !URL.canParse(request.callbackUrl) ||
      !(crossAppMethods as readonly unknown[]).includes(method) ||
      !Array.isArray(inner?.params)
    )
      return null
    return {
      token,
      method: method as CrossAppMethod,
      params: inner.params,
      callbackUrl: request.callbackUrl,
      origin: new URL(request.callbackUrl).origin,
    }
  } catch {
    return null
  }
}

/** A quantity of the request (hex string or number) as a bigint, or undefined. */
function quantity(value: unknown): bigint | undefined {
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  return undefined
}

/** The call of an `eth_sendTransaction` request: `to`, `data` and `value` when present and well formed. */
function transactionOf(tx: Record<string, unknown>) {
  const value = quantity(tx.value)
  return {
    ...(typeof tx.to === 'string' ? { to: tx.to as `0x${string}` } : {}),
    ...(typeof tx.data === 'string' ? { data: tx.data as `0x${string}` } : {}),
    ...(value !== undefined ? { value } : {}),
  }
}

/**
 * The `personal_sign` message: hex that is valid UTF-8 as its text (so the confirmation screen shows it;
 * the signature is the same, EIP-191 signs the bytes), other hex as raw bytes.
 */
function personalSignMessage(value: unknown): string | { raw: `0x${string}` } {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) return String(value)
  const bytes = new Uint8Array((value.slice(2).match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return { raw: value as `0x${string}` }
  }
}

/**
 * The provider app's transact page (docs/wire.md#cross-app): mount it, inside `<FoyerProvider>` with the
 * provider's app id, at `{web_url}/oauth/transact`. It reads `token` and `request`, has the user signed in to
 * the provider (its modal), verifies the token with `/oauth/verify` (the signed-in user's, a requester the
 * provider allows, `callbackUrl` on that requester's origins), refuses a read-only provider ('Cannot
 * transact against a read-only provider app') and a wallet that is not the user's ('Cannot request a
 * signature with this wallet address'), then runs the request with the provider's own confirmation screen
 * and wallet frame (`personal_sign`, `eth_signTypedData_v4`, `eth_sendTransaction`). It answers its opener
 * with `postMessage` `{ type: 'PRIVY_CROSS_APP_ACTION_RESPONSE', result }` or
 * `{ type: 'PRIVY_CROSS_APP_ACTION_ERROR', error }` (to the requester's origin only) and closes.
 *
 * @example
 * // provider web app, route /oauth/transact
 * <FoyerProvider appId={providerAppId}><CrossAppTransact /></FoyerProvider>
 */
export function CrossAppTransact() {
  const { client, messages } = useFoyerContext('CrossAppTransact')
  const m = messages.crossApp
  const { ready, authenticated, user, login } = useFoyer()
  const { signMessage } = useSignMessage()
  const { signTypedData } = useSignTypedData()
  const { sendTransaction } = useSendTransaction()
  const [query] = useState(() => readQuery(window.location.search))
  const [outcome, setOutcome] = useState<string | null>(null)
  const started = useRef(false)
  const loginOpened = useRef(false)

  useEffect(() => {
    if (ready && !authenticated && !loginOpened.current) {
      loginOpened.current = true
      login()
    }
  }, [ready, authenticated, login])

  useEffect(() => {
    if (!query || !ready || !authenticated || !user || started.current) return
    started.current = true
    const opener = window.opener as Window | null
    const reply = (message: Record<string, unknown>, shown: string) => {
      opener?.postMessage(message, query.origin)
      setOutcome(shown)
      window.close()
    }
    const fail = (error: string) => reply({ type: CROSS_APP_ACTION_ERROR_TYPE, error }, error)
    void (async () => {
      try {
        const verified = await verifyCrossAppToken(client, {
          token: query.token,
          callbackUrl: query.callbackUrl,
        })
        if (!verified.verified) return fail(crossAppErrorMessages.invalidToken)
        if (verified.read_only) return fail(crossAppErrorMessages.readOnly)
        const own = user.linked_accounts.flatMap((account) =>
          account.type === 'wallet' && account.connector_type === 'embedded'
            ? [account.address.toLowerCase()]
            : [],
        )
        const smart = user.linked_accounts.flatMap((account) =>
          account.type === 'smart_wallet' ? [account.address.toLowerCase()] : [],
        )
        const [first, second] = query.params
        const address =
          query.method === 'personal_sign'
            ? second
            : query.method === 'eth_signTypedData_v4'
              ? first
              : (first as { from?: unknown } | undefined)?.from
        if (typeof address !== 'string') return fail(crossAppErrorMessages.wrongAddress)
        const owner = getEmbeddedWallets(user, 'ethereum')[0]?.address
        if (smart.includes(address.toLowerCase()) && owner) {
          const tx = (query.method === 'eth_sendTransaction' ? first : {}) as Record<string, unknown>
          const result = await runSmartWalletRequest(client, {
            owner,
            address,
            method: query.method,
            message: query.method === 'personal_sign' ? personalSignMessage(first) : undefined,
            typedData: typeof second === 'string' ? second : JSON.stringify(second),
            ...(typeof tx.to === 'string'
              ? { call: { ...transactionOf(tx), to: tx.to as `0x${string}` } }
              : {}),
            chainId: typeof tx.chainId === 'number' ? tx.chainId : undefined,
          })
          return reply({ type: CROSS_APP_ACTION_RESPONSE_TYPE, result }, m.done)
        }
        if (!own.includes(address.toLowerCase())) return fail(crossAppErrorMessages.wrongAddress)
        let result: string
        if (query.method === 'personal_sign') {
          const message = personalSignMessage(first)
          result = (await signMessage(message, { address })).signature
        } else if (query.method === 'eth_signTypedData_v4') {
          result = (
            await signTypedData(typeof second === 'string' ? second : JSON.stringify(second), { address })
          ).signature
        } else if (query.method === 'eth_sendTransaction') {
          const tx = first as Record<string, unknown>
          result = (
            await sendTransaction(
              {
                ...transactionOf(tx),
                ...(typeof tx.chainId === 'number' ? { chainId: tx.chainId } : {}),
              },
              { address },
            )
          ).hash
        } else return fail(m.unsupported)
        reply({ type: CROSS_APP_ACTION_RESPONSE_TYPE, result }, m.done)
      } catch (caught) {
        const code = (caught as { code?: unknown } | null)?.code
        fail(
          code === 'user_rejected' ||
            (caught as { name?: unknown } | null)?.name === 'UserRejectedRequestError'
            ? crossAppErrorMessages.rejected
            : caught instanceof Error && caught.message === SMART_WALLET_MISMATCH
              ? crossAppErrorMessages.wrongAddress
              : caught instanceof Error
                ? caught.message
                : String(caught),
        )
      }
    })()
  }, [query, ready, authenticated, user, client, signMessage, signTypedData, sendTransaction, m])

  return (
    <CrossAppPage testId="cross-app-transact">
      {!query ? (
        <p role="alert" className="foyer-error-text">
          {m.invalidRequest}
        </p>
      ) : outcome ? (
        <p role="status" className="foyer-text">
          {outcome}
        </p>
      ) : (
        <p role="status" className="foyer-row">
          <Spinner /> {m.verifying}
        </p>
      )}
    </CrossAppPage>
  )
}
