// SPDX-License-Identifier: MIT
pragma solidity ^0.8.21;

/// A contract custody address for the ERC-1271 case of Sign In With Farcaster (docs/security.md property 42), for
/// reading: its runtime bytecode is assembled in idRegistryStandIn.ts with the owner inlined. It treats any
/// call as `isValidSignature` (standard ABI encoding, a 65-byte r‖s‖v signature).
contract CustodyWalletStandIn {
    address private constant OWNER = address(0); // inlined at assembly

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        return ecrecover(hash, v, r, s) == OWNER ? bytes4(0x1626ba7e) : bytes4(0);
    }
}
