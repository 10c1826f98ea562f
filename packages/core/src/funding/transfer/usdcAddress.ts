/** Circle's USDC contracts on the chains where the funding flows know it (docs/limits.md; 6 decimals). */
const USDC_ADDRESSES: Record<number, `0x${string}`> = {
  1: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  10: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
  137: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
  8453: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  42161: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  43114: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
  11155111: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
  84532: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
}

/**
 * USDC's contract address on an EVM chain, or undefined where it is not known (docs/limits.md "USDC addresses
 * known for a fixed set of chains").
 *
 * @example usdcAddress(8453) // '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
 */
export function usdcAddress(chainId: number): `0x${string}` | undefined {
  return USDC_ADDRESSES[chainId]
}
