import { expect, test } from 'vitest'
import * as wallet from './wallet'

test('exports', () => {
  expect(Object.keys(wallet).sort()).toMatchSnapshot()
})
