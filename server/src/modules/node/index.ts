// The node module's face: what other modules may use.
export { NodeResolver } from "./node.resolver";
