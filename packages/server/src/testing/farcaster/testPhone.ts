import { type CreateClientArgs, createWalletClient } from '@farcaster/auth-client'
import type { Address, Hex, LocalAccount } from 'viem'
import type { FarcasterStandInProfile } from './userDataStandIn'

/** A Farcaster account the test phone signs in as. */
export type FarcasterTestAccount = {
  fid: number
  /** The key that signs (the custody key, or the owner of a contract custody wallet). */
  signer: LocalAccount
  /** The fid's custody address; default the signer's address (a contract for the ERC-1271 case). */
  custodyAddress?: Address
  /** What the Farcaster app reports to the relay with the signature. */
  profile?: FarcasterStandInProfile
}

/**
 * What to sign instead of the channel's own values (to test the server's refusals; docs/security.md property
 * 44).
 */
export type FarcasterApprovalOverrides = {
  nonce?: string
  domain?: string
  uri?: string
  /** The fid of the `farcaster://fid/<fid>` resource (the fid reported to the relay stays the account's). */
  resourceFid?: number
}

export type FarcasterTestPhone = {
  /**
   * Approves the sign-in of `connectUri` (the relay's `url`) as `account`, like the Farcaster app: reads the
   * channel's parameters from the link, builds the Sign In With Farcaster message (auth-client's
   * `buildSignInMessage`), signs it with the account's key and posts it to the relay's
   * `/v1/channel/authenticate` with the app's relay key. Throws `Error` when the relay refuses.
   */
  approve(
    connectUri: string,
    account: FarcasterTestAccount,
    overrides?: FarcasterApprovalOverrides,
  ): Promise<{ message: string; signature: Hex }>
}

/** The wallet client needs no chain access to build and submit; a read would be a bug of the phone. */
const noChain = {
  getFid: () => Promise.reject(new Error('The test phone reads no chain')),
  isValidAuthAddress: () => Promise.reject(new Error('The test phone reads no chain')),
  publicClient: undefined as never,
} satisfies CreateClientArgs['ethereum']

/**
 * A test "phone": the Farcaster app's side of Sign In With Farcaster against a relay (the stand-in or any
 * relay that shares `authKey`), with `@farcaster/auth-client`'s wallet client.
 *
 * @example
 * const phone = createFarcasterTestPhone({ relayUrl: relay.url, authKey: relay.authKey })
 * await phone.approve(connect_uri, { fid: 3, signer: privateKeyToAccount(key) })
 */
export function createFarcasterTestPhone(parameters: {
  relayUrl: string
  authKey: string
}): FarcasterTestPhone {
  const client = createWalletClient({ relay: parameters.relayUrl, ethereum: noChain })
  return {
    async approve(connectUri, account, overrides = {}) {
      const link = new URL(connectUri)
      const parsed = client.parseSignInURI({ uri: connectUri })
      if (parsed.isError) throw new Error(`Not a Sign In With Farcaster link: ${connectUri}`)
      const parameter = (name: string) => link.searchParams.get(name) ?? ''
      const domain = overrides.domain ?? parameter('domain')
      const uri = overrides.uri ?? parameter('siweUri')
      const nonce = overrides.nonce ?? parameter('nonce')
      const notBefore = parameter('notBefore')
      const expirationTime = parameter('expirationTime')
      const requestId = parameter('requestId')
      const built = client.buildSignInMessage({
        domain,
        uri,
        nonce,
        address: account.custodyAddress ?? account.signer.address,
        fid: overrides.resourceFid ?? account.fid,
        ...(notBefore ? { notBefore: new Date(notBefore) } : {}),
        ...(expirationTime ? { expirationTime: new Date(expirationTime) } : {}),
        ...(requestId ? { requestId } : {}),
      })
      if (built.isError) throw new Error(`Could not build the message: ${built.error?.message}`)
      const signature = await account.signer.signMessage({ message: built.message })
      const profile = account.profile ?? {}
      const answer = await client.authenticate({
        authKey: parameters.authKey,
        channelToken: parsed.channelToken,
        message: built.message,
        signature,
        fid: account.fid,
        authMethod: 'custody',
        ...(profile.username ? { username: profile.username } : {}),
        ...(profile.displayName ? { displayName: profile.displayName } : {}),
        ...(profile.bio ? { bio: profile.bio } : {}),
        ...(profile.pfpUrl ? { pfpUrl: profile.pfpUrl } : {}),
      })
      if (answer.isError || answer.response.status >= 300)
        throw new Error(
          `The relay refused the approval (${answer.isError ? answer.error?.message : answer.response.status})`,
        )
      return { message: built.message, signature }
    },
  }
}
