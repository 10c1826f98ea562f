import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { loadWallet } from './loadWallet'

/** An approved Farcaster signer: its ed25519 public key (`0x` hex) and the user's fid. */
export type ApprovedFarcasterSigner = { publicKey: string; fid: number }

/** What {@link useFarcasterSigner} returns. */
export type UseFarcasterSignerReturnType = {
  /**
   * Opens 'Add a signer to Farcaster' (docs/modal.md): the wallet frame makes the signer key, the user
   * approves it in their Farcaster app (QR code or link). Resolves once approved (the user's Farcaster
   * account then has `signer_public_key`); rejects with a `UserRejectedRequestError` when the user closes the
   * modal, and with an Error when nobody is signed in or the user has no Farcaster account.
   */
  requestFarcasterSigner(): Promise<ApprovedFarcasterSigner>
  /** The approved signer's public key on the user's Farcaster account, or null. */
  getFarcasterSignerPublicKey(): string | null
  /**
   * Signs a Farcaster message hash (e.g. a cast's 20-byte BLAKE3 `hash`) with the signer key inside the
   * wallet frame; resolves with the 64-byte ed25519 signature.
   */
  signFarcasterMessage(messageHash: Uint8Array | `0x${string}`): Promise<Uint8Array>
}

/**
 * The user's Farcaster signer (docs/modal.md, docs/api.md): request one through the modal, read its public
 * key, and sign Farcaster messages with it; a thin hook over core's `initFarcasterSigner`,
 * `waitForFarcasterSigner` and `signFarcasterMessage` (loaded with the wallet chunk).
 *
 * @returns {@link UseFarcasterSignerReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { requestFarcasterSigner, signFarcasterMessage } = useFarcasterSigner()
 * await requestFarcasterSigner()
 * const signature = await signFarcasterMessage(cast.hash)
 */
export function useFarcasterSigner(): UseFarcasterSignerReturnType {
  const { client, openFlow } = useFoyerContext('useFarcasterSigner')

  const requestFarcasterSigner = useCallback(async () => {
    const user = client.getState().user
    if (!user) throw new Error('User must be authenticated before adding a Farcaster signer.')
    if (!user.linked_accounts.some((account) => account.type === 'farcaster'))
      throw new Error('User must have a Farcaster account before adding a signer.')
    const approved = await openFlow<{ status: 'approved'; public_key: string; fid: string }>((settle) => ({
      id: 'farcasterSigner',
      params: { settle },
    }))
    return { publicKey: approved.public_key, fid: Number(approved.fid) }
  }, [client, openFlow])

  const getFarcasterSignerPublicKey = useCallback(() => {
    const account = client.getState().user?.linked_accounts.find((entry) => entry.type === 'farcaster')
    return account?.type === 'farcaster' ? (account.signer_public_key ?? null) : null
  }, [client])

  const signFarcasterMessage = useCallback(
    async (messageHash: Uint8Array | `0x${string}`) => {
      const wallet = await loadWallet()
      return wallet.signFarcasterMessage(client, { messageHash })
    },
    [client],
  )

  return useMemo(
    () => ({ requestFarcasterSigner, getFarcasterSignerPublicKey, signFarcasterMessage }),
    [requestFarcasterSigner, getFarcasterSignerPublicKey, signFarcasterMessage],
  )
}
