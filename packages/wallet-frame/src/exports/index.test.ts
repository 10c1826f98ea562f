import { expect, test } from 'vitest'
import * as walletFrame from './index'

test('exports', () => {
  expect(Object.keys(walletFrame).sort()).toMatchSnapshot()
})
