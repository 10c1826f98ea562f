import { expect, test } from 'vitest'
import * as react from './index'

test('exports', () => {
  expect(Object.keys(react).sort()).toMatchSnapshot()
})
