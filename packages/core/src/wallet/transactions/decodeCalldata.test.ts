import { encodeFunctionData, erc20Abi, erc721Abi, erc1155Abi, maxUint256, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import { isUnlimitedAmount } from './DecodedAction'
import { decodeCalldata, toDecodedAction } from './decodeCalldata'

// Calldata built with viem, decoded back (docs/confirmation-screen.md "What is decoded").
const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('decodeCalldata', () => {
  test('behavior: approve and transferFrom are shared by ERC-20 and ERC-721: decimals() decides', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [B, 7n] })
    const decoded = decodeCalldata(data)
    expect(decoded?.standard).toBe('erc20-or-erc721')
    expect(toDecodedAction(decoded!, true)).toMatchObject({
      action: 'approve',
      isErc20Ish: true,
      isNFTIsh: false,
      spender: B,
      amount: 7n,
    })
    expect(toDecodedAction(decoded!, false)).toMatchObject({
      action: 'approve',
      isErc20Ish: false,
      isNFTIsh: true,
      spender: B,
      tokenId: 7n,
    })
    const from = encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [A, B, 5n] })
    expect(toDecodedAction(decodeCalldata(from)!, true)).toMatchObject({
      action: 'transfer',
      transferFrom: A,
      transferTo: B,
      amount: 5n,
    })
  })

  test('behavior: ERC-20 transfer and increaseAllowance; ERC-721 and ERC-1155 mints', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [A, 3n] })
    expect(toDecodedAction(decodeCalldata(transfer)!, false)).toMatchObject({
      action: 'transfer',
      isErc20Ish: true,
      transferTo: A,
      amount: 3n,
    })
    const increase = encodeFunctionData({
      abi: parseAbi(['function increaseAllowance(address spender, uint256 addedValue) returns (bool)']),
      args: [B, maxUint256],
    })
    const allowance = toDecodedAction(decodeCalldata(increase)!, true)
    expect(allowance).toMatchObject({ action: 'approve', functionName: 'increaseAllowance', spender: B })
    expect(isUnlimitedAmount(allowance.amount!)).toBe(true)
    const mint721 = encodeFunctionData({
      abi: parseAbi(['function mint(address to, uint256 tokenId)']),
      args: [A, 9n],
    })
    expect(toDecodedAction(decodeCalldata(mint721)!, false)).toMatchObject({
      action: 'mint',
      isNFTIsh: true,
      transferTo: A,
      tokenId: 9n,
    })
    const mint1155 = encodeFunctionData({
      abi: parseAbi(['function mint(address to, uint256 id, uint256 amount, bytes data)']),
      args: [A, 2n, 50n, '0x'],
    })
    expect(toDecodedAction(decodeCalldata(mint1155)!, false)).toMatchObject({
      action: 'mint',
      tokenId: 2n,
      amount: 50n,
    })
  })

  test('behavior: ERC-721 and ERC-1155 transfers, batch transfers and approvals for all', () => {
    const safe721 = encodeFunctionData({
      abi: erc721Abi,
      functionName: 'safeTransferFrom',
      args: [A, B, 1n, '0x1234'],
    })
    expect(toDecodedAction(decodeCalldata(safe721)!, false)).toMatchObject({
      action: 'transfer',
      isNFTIsh: true,
      transferFrom: A,
      transferTo: B,
      tokenId: 1n,
    })
    const safe1155 = encodeFunctionData({
      abi: erc1155Abi,
      functionName: 'safeTransferFrom',
      args: [A, B, 4n, 10n, '0x'],
    })
    expect(toDecodedAction(decodeCalldata(safe1155)!, false)).toMatchObject({ tokenId: 4n, amount: 10n })
    const batch = encodeFunctionData({
      abi: erc1155Abi,
      functionName: 'safeBatchTransferFrom',
      args: [A, B, [1n, 2n], [3n, 4n], '0x'],
    })
    expect(toDecodedAction(decodeCalldata(batch)!, false)).toMatchObject({
      action: 'batch transfer',
      tokenIds: [1n, 2n],
      amounts: [3n, 4n],
    })
    const all = encodeFunctionData({ abi: erc1155Abi, functionName: 'setApprovalForAll', args: [B, true] })
    expect(toDecodedAction(decodeCalldata(all)!, false)).toMatchObject({
      action: 'approve',
      operator: B,
      approved: true,
    })
  })

  test('edge: unknown selectors, short data; a host ABI only for its own selectors', () => {
    const abi = parseAbi(['function register(string name, uint256 years)'])
    const register = encodeFunctionData({ abi, functionName: 'register', args: ['alice', 1n] })
    expect(decodeCalldata(register)).toBeUndefined()
    expect(decodeCalldata('0x1234')).toBeUndefined()
    const decoded = decodeCalldata(register, abi)
    expect(toDecodedAction(decoded!, false)).toMatchObject({
      action: 'transaction',
      functionName: 'register',
      args: ['alice', 1n],
      isErc20Ish: false,
      isNFTIsh: false,
    })
    // The right selector with arguments that do not decode is not a match.
    expect(decodeCalldata(register.slice(0, 12) as `0x${string}`, abi)).toBeUndefined()
  })

  test('edge: an allowance is unlimited from 2^255 on', () => {
    expect(isUnlimitedAmount(2n ** 255n - 1n)).toBe(false)
    expect(isUnlimitedAmount(2n ** 255n)).toBe(true)
    expect(isUnlimitedAmount(maxUint256)).toBe(true)
  })
})
