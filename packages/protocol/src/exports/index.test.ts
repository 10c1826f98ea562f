import { expect, test } from 'vitest'
import * as protocol from './index'

test('exports', () => {
  expect(Object.keys(protocol).sort()).toMatchSnapshot()
})
