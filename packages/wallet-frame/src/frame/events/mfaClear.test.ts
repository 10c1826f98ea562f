import { expect, test } from 'vitest'
import { unreachableApi } from '../../test/unreachableApi'
import { createMemoryShareStore } from '../createMemoryShareStore'
import type { FrameState } from '../FrameState'
import type { UnlockedEntropy } from '../UnlockedEntropy'
import { mfaClear } from './mfaClear'

const fail = async () => {
  throw new Error('not called')
}
const api = unreachableApi()

test('behavior: logout forgets every unlocked key', async () => {
  const state: FrameState = {
    appId: 'app',
    mode: 'wallet',
    api,
    deviceShares: createMemoryShareStore(),
    verifyToken: fail,
    farcasterSigner: { init: fail, sign: fail },
    googleDrive: { create: fail, findByName: fail, read: fail, remove: fail },
    unlocked: new Map(),
    inFlight: new Map(),
    showExport: undefined,
    askImportKey: undefined,
    beforeExport: undefined,
    fetch: undefined,
    onUnexpectedError: undefined,
  }
  const entry: UnlockedEntropy = {
    owner: 'did:foyer:alice',
    chainType: 'solana',
    entropyId: 'entropy',
    recoveryMethod: 'privy',
    imported: false,
    entropy: new Uint8Array(16),
    seed: new Uint8Array(64),
    ethereum: new Map(),
    solana: new Map(),
  }
  state.unlocked.set('solana:entropy', entry)
  state.unlocked.set('ethereum:0xab', { ...entry, chainType: 'ethereum' })
  expect(await mfaClear(state, { userId: 'did:foyer:alice' })).toEqual({})
  expect(state.unlocked.size).toBe(0)
})
