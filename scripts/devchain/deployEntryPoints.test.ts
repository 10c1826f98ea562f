import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ENTRY_POINTS, initCodeOf, SIMPLE_ACCOUNT_FACTORIES } from './deployEntryPoints'

/** An aa/ folder of our own making: artifacts whose bytecode is not the published one. */
const fakeRoot = `${mkdtempSync(join(tmpdir(), 'foyer-aa-'))}/`

afterAll(() => rmSync(fakeRoot, { recursive: true, force: true }))

describe('initCodeOf', () => {
  it('error: an artifact that does not hash to the canonical address is refused, naming both addresses', () => {
    const folder = `${fakeRoot}node_modules/entry-point-v07/artifacts`
    mkdirSync(folder, { recursive: true })
    writeFileSync(`${folder}/EntryPoint.json`, JSON.stringify({ bytecode: '0x6080604052' }))
    expect(() => initCodeOf(ENTRY_POINTS['0.7'], fakeRoot)).toThrow(
      /^EntryPoint v0\.7: the artifact entry-point-v07\/artifacts\/EntryPoint\.json deploys to 0x[0-9a-fA-F]{40}, not 0x0000000071727De22E5E9d8BAf0edAc6f37da032$/,
    )
  })

  it('error: a missing artifact says aa/ is not installed', () => {
    expect(() => initCodeOf(SIMPLE_ACCOUNT_FACTORIES['0.8'], fakeRoot)).toThrow(
      /^SimpleAccountFactory v0\.8: .*entry-point-v08\/artifacts\/SimpleAccountFactory\.json is missing \(aa\/ is not installed/,
    )
  })
})
