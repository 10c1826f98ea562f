// SPDX-License-Identifier: MIT
pragma solidity ^0.8.21;

/// The Id Registry stand-in of the local chain (docs/architecture.md "Local real components": Farcaster), for reading.
/// Its runtime bytecode is assembled in idRegistryStandIn.ts (no compiler runs) and placed with
/// `anvil_setCode`; fids are registered by writing the two mappings with `anvil_setStorageAt`, at the
/// storage slots Solidity gives them (slot 0 and slot 1). Only the two reads a Sign In With Farcaster
/// verifier uses are answered, with the signatures of Farcaster's IdRegistry.
contract IdRegistryStandIn {
    /// fid of a custody address (0 = none).
    mapping(address owner => uint256 fid) public idOf;
    /// custody address of a fid (address(0) = none).
    mapping(uint256 fid => address owner) public custodyOf;
}
