import { expect, test } from 'vitest'
import * as server from './index'

test('exports', () => {
  expect(Object.keys(server).sort()).toMatchSnapshot()
})
