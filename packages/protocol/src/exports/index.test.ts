import { expect, test } from 'vitest'
import * as console from '../console/index'
import * as protocol from './index'

test('exports', () => {
  expect(Object.keys(protocol).sort()).toMatchSnapshot()
})

test('exports of @foyer/protocol/console', () => {
  expect(Object.keys(console).sort()).toMatchSnapshot()
})
