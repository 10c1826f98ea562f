import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/**
 * Params of 'Add a signer to Farcaster': resolved with the approved signer (its public key and the user's
 * fid), rejected when the user closes the modal.
 */
export type FarcasterSignerParams = {
  settle: PromptSettler<{ status: 'approved'; public_key: string; fid: string }>
}
