import { checksumAddress, type Hex } from 'viem'
import { foyerError } from '../../errors/foyerError'
import { type ParsedSignInMessage, parseSignInMessage, SignInMessageError } from '../siwe/parseSignInMessage'
import { checkTimes } from '../siwe/service'
import { farcasterAppClient } from './farcasterClient'
import type { FarcasterSettings } from './settings'

/** What a verified Sign In With Farcaster message proves: the fid and its custody address (EIP-55). */
export type VerifiedFarcasterSignIn = { fid: number; custodyAddress: string }

/**
 * Verifies a Sign In With Farcaster message on the server's own terms (docs/security.md properties 38–42, 44:
 * the relay and the client are untrusted):
 * - a strict ERC-4361 parse (400 `invalid_data` 'Invalid Farcaster message: …'), its times against `now`;
 * - `@farcaster/auth-client`'s `verifySignInMessage`: statement 'Farcaster Auth', chain id 10, exactly one
 *   `farcaster://fid/<fid>` resource, `domain` and `nonce` equal to the channel's (the server issued both),
 *   the signature by the message's address (ERC-191, or ERC-1271 for a contract), and that address is the
 *   fid's custody address in the Id Registry (`idOf`, over `settings.rpcUrl`);
 * - the message's URI on the channel's origin, and the fid of the resource equal to `fid`.
 * Refusals are 401 `invalid_credentials`; an unreachable RPC is 500 `internal_error`.
 *
 * @example const { fid, custodyAddress } = await verifyFarcasterSignIn(settings, { message, signature, fid: 3, nonce, domain: 'app.example', uri: 'https://app.example', now: Date.now() })
 */
export async function verifyFarcasterSignIn(
  settings: FarcasterSettings,
  parameters: {
    message: string
    signature: string
    fid: number
    /** The nonce and relying party the server gave the relay for this channel. */
    nonce: string
    domain: string
    uri: string
    now: number
  },
): Promise<VerifiedFarcasterSignIn> {
  let parsed: ParsedSignInMessage
  try {
    parsed = parseSignInMessage(parameters.message, 'ethereum')
  } catch (error) {
    if (error instanceof SignInMessageError)
      throw foyerError('unparsableFarcasterMessage', { reason: error.message })
    throw error
  }
  // The nonce and domain first, so a message for another request costs no RPC call (security property 44).
  if (parsed.nonce !== parameters.nonce) throw foyerError('farcasterNonceMismatch')
  if (parsed.domain !== parameters.domain) throw foyerError('farcasterDomainMismatch')
  if (!URL.canParse(parsed.uri) || new URL(parsed.uri).origin !== new URL(parameters.uri).origin)
    throw foyerError('farcasterUriMismatch')
  checkTimes(parsed.times, parameters.now)
  const result = await farcasterAppClient(settings).verifySignInMessage({
    message: parameters.message,
    signature: parameters.signature as Hex,
    nonce: parameters.nonce,
    domain: parameters.domain,
    acceptAuthAddress: false,
  })
  if (result.isError) {
    const code = result.error?.errCode
    if (code === 'unavailable') throw foyerError('idRegistryUnreadable')
    throw code === 'bad_request.validation_failure'
      ? foyerError('invalidFarcasterMessage', { reason: result.error?.message ?? 'validation failed' })
      : foyerError('invalidFarcasterSignature')
  }
  if (result.fid !== parameters.fid) throw foyerError('farcasterFidMismatch')
  return { fid: result.fid, custodyAddress: checksumAddress(result.data.address as Hex) }
}
