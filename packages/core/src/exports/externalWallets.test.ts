import { expect, test } from 'vitest'
import * as externalWallets from './externalWallets'

test('exports', () => {
  expect(Object.keys(externalWallets).sort()).toMatchSnapshot()
})
