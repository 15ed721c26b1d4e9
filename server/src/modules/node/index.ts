// The node module's face: what other modules may use.
export { nodeKind, NodeResolver } from "./node.resolver";
