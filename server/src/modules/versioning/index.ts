// Versioned documents (skills, agents): one lifecycle for their live pointer.
export {
  moveLivePointer,
  type LivePointerMove,
  type LivePointerStore,
  type PublishGate,
  type VersionKind,
  type VersionRow,
  type VersionStateName,
} from "./live-pointer";
export { VersionColumns } from "./version.entity";
export { VersionFields, VersionState } from "./version.types";
