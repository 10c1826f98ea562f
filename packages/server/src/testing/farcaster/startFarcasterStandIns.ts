import { randomBytes } from 'node:crypto'
import { type Address, checksumAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { FarcasterOptions } from '../../features/farcaster/settings'
import {
  type IdRegistryStandIn,
  placeCustodyWalletStandIn,
  placeIdRegistryStandIn,
} from './idRegistryStandIn'
import { type FarcasterRelayStandIn, startFarcasterRelayStandIn } from './relayStandIn'
import { createFarcasterTestPhone, type FarcasterTestAccount, type FarcasterTestPhone } from './testPhone'
import {
  type FarcasterStandInProfile,
  type FarcasterUserDataStandIn,
  startFarcasterUserDataStandIn,
} from './userDataStandIn'

/** The Farcaster stand-ins together (docs/architecture.md "Local real components": Farcaster). */
export type FarcasterStandIns = {
  relay: FarcasterRelayStandIn
  userData: FarcasterUserDataStandIn
  idRegistry: IdRegistryStandIn
  phone: FarcasterTestPhone
  /** `farcaster()` options that point the server at these stand-ins. */
  options: Required<Pick<FarcasterOptions, 'relayUrl' | 'rpcUrl' | 'idRegistryAddress' | 'userDataUrl'>>
  /**
   * A new Farcaster account: a fresh custody key registered for `fid` (default the next free one from
   * 10001) in the Id Registry stand-in and its profile published. `contractCustody`: the custody address is
   * an ERC-1271 wallet owned by the key (docs/security.md property 42).
   */
  createAccount(parameters?: {
    fid?: number
    profile?: FarcasterStandInProfile
    contractCustody?: boolean
  }): Promise<FarcasterTestAccount>
  close(): Promise<void>
}

/**
 * Starts the relay and user-data stand-ins on loopback and places the Id Registry stand-in on the anvil
 * at `rpcUrl` (`anvil_setCode`), with a test phone bound to the relay.
 *
 * @example
 * const farcaster = await startFarcasterStandIns({ rpcUrl: anvil.rpcUrl })
 * const app = await createApp({ db, masterKey, methods: [farcasterMethod(farcaster.options)] })
 * const account = await farcaster.createAccount({ profile: { username: 'alice' } })
 * await farcaster.phone.approve(connect_uri, account)
 */
export async function startFarcasterStandIns(parameters: {
  rpcUrl: string
  relayPort?: number
  userDataPort?: number
}): Promise<FarcasterStandIns> {
  const idRegistry = await placeIdRegistryStandIn(parameters.rpcUrl)
  const relay = await startFarcasterRelayStandIn(parameters.relayPort ? { port: parameters.relayPort } : {})
  const userData = await startFarcasterUserDataStandIn(
    parameters.userDataPort ? { port: parameters.userDataPort } : {},
  )
  let nextFid = 10_001
  return {
    relay,
    userData,
    idRegistry,
    phone: createFarcasterTestPhone({ relayUrl: relay.url, authKey: relay.authKey }),
    options: {
      relayUrl: relay.url,
      rpcUrl: parameters.rpcUrl,
      idRegistryAddress: idRegistry.address,
      userDataUrl: userData.url,
    },
    async createAccount({ fid = nextFid++, profile, contractCustody = false } = {}) {
      const signer = privateKeyToAccount(generatePrivateKey())
      let custodyAddress: Address = signer.address
      if (contractCustody) {
        custodyAddress = checksumAddress(`0x${randomBytes(20).toString('hex')}`)
        await placeCustodyWalletStandIn(parameters.rpcUrl, custodyAddress, signer.address)
      }
      await idRegistry.register(fid, custodyAddress)
      if (profile) userData.setProfile(fid, profile)
      return { fid, signer, custodyAddress, ...(profile ? { profile } : {}) }
    },
    async close() {
      await relay.close()
      await userData.close()
    },
  }
}
