import { frameEvents } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { frameEventHandlers } from './frameEventHandlers'
import { frameEventModes } from './frameEventModes'

describe('frameEventModes', () => {
  test('default: the export page answers only ready, logout, connect, recover and export', () => {
    expect(frameEvents.filter((event) => frameEventModes[event].includes('export'))).toEqual([
      'privy:iframe:ready',
      'privy:wallets:connect',
      'privy:wallets:recover',
      'privy:wallets:export',
      'privy:mfa:clear',
    ])
  })

  test('default: the hidden frame answers every event but export and import', () => {
    expect(frameEvents.filter((event) => !frameEventModes[event].includes('wallet'))).toEqual([
      'privy:wallets:export',
      'privy:wallets:import',
    ])
  })

  test('default: the import page answers only ready, logout and import', () => {
    expect(frameEvents.filter((event) => frameEventModes[event].includes('import'))).toEqual([
      'privy:iframe:ready',
      'privy:wallets:import',
      'privy:mfa:clear',
    ])
  })

  test('default: every event has a handler', () => {
    for (const event of frameEvents) expect(frameEventHandlers[event]).toBeTypeOf('function')
  })
})
