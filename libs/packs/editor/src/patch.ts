// V4A patches (apply_patch), pure and free of I/O, by concern:
//   patchParser  the text the model sends → operations and hunks
//   patchMatcher where a hunk's lines are in a file (strict to lenient, linear time)
//   patchText    a file's lines with their own endings, BOM and final-newline state
//   patchApply   one file's new text from its hunks
//   patchPlan    a whole patch over an in-memory view of the workspace → final changes
export { parsePatch, PatchError, type Hunk, type HunkLine, type PatchOperation } from './patchParser';
export { applyHunks } from './patchApply';
export {
  planPatch,
  type LooseFile,
  type PatchFiles,
  type PatchFileType,
  type PatchPlan,
  type PlannedChange,
} from './patchPlan';
