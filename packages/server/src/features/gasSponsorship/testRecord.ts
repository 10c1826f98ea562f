import type { SponsorshipRecord } from './dailySponsorship'

/** A sponsorship record of `userId` in app `appId` costing `maxCostWei` (test helper). */
export function testRecord(appId: string, userId: string, maxCostWei: bigint, nonce = 0n): SponsorshipRecord {
  return {
    appId,
    userId,
    sender: '0x00000000000000000000000000000000000000a1',
    chainId: 31337,
    entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
    nonce,
    paymaster: '0x00000000000000000000000000000000000000b2',
    maxCostWei,
    validUntil: 2_000_000_000,
  }
}

/** The users row id of a sign-in's user (`did:foyer:<id>`). */
export const userIdOf = (auth: { user: { id: string } }) => auth.user.id.replace(/^did:foyer:/, '')
