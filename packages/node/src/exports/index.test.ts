import { expect, test } from 'vitest'
import * as node from './index'

test('exports', () => {
  expect(Object.keys(node).sort()).toMatchSnapshot()
})
