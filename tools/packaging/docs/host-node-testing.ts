/**
 * Test harness for packs: a temporary folder, a headless host over it and a registry with the packs loaded (createPackHarness), with the Node services' fixtures. Use it from a pack's specs; it is not for production code.
 *
 * @module @toolpacks/host-node/testing
 */
export * from '@toolpacks/host-node/testing';
