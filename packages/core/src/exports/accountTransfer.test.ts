import { expect, test } from 'vitest'
import * as accountTransfer from './accountTransfer'

test('exports', () => {
  expect(Object.keys(accountTransfer).sort()).toMatchSnapshot()
})
