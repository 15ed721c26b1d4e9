// What other modules (and the composition root) may use of impact.
export { ImpactService, type PublishPreview, type ToolCollision } from "./impact.service";
export { ImpactResolver } from "./impact.resolver";
