import { expect, test } from 'vitest'
import * as smartWallets from './smartWallets'

test('exports', () => {
  expect(Object.keys(smartWallets).sort()).toMatchSnapshot()
})
