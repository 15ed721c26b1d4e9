// The demo module's face: what other modules may use.
export { seedDemoProject } from "./demo-seed";
