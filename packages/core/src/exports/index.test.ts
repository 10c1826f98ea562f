import { expect, test } from 'vitest'
import * as core from './index'

test('exports', () => {
  expect(Object.keys(core).sort()).toMatchSnapshot()
})
