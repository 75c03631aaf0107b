// The Node services' test fixtures (debuggee programs, hostile repositories, a census of live
// processes), one entry for the specs of other projects: `@toolpacks/node-services/testing`.
export {
  ENDLESS_PROGRAM,
  GRANDCHILD_PROGRAM,
  SAMPLE_PROGRAM,
  SHORT_PARENT_PROGRAM,
  createDebugFixture,
  type DebugFixture,
} from './debugFixtures';
export {
  exists,
  hostileVariants,
  makeHostileRepository,
  writeMarkerScript,
  type HostileVariant,
} from './gitHostileFixtures';
export {
  isAlive,
  killLiveProcesses,
  liveProcesses,
  survivors,
  type CensusQuery,
  type LiveProcess,
} from './processCensus';
export { contentState, fileReceipt, folderReceipt, stateOnDisk } from './receipts';
