// The discovery module's face (PV-4): the Agent Skills discovery index and its archives.
export { DISCOVERY_PREFIX, DISCOVERY_SCHEMA } from "./discovery-archive";
export { DiscoverySettingEntity } from "./discovery-setting.entity";
export { DiscoveryResolver } from "./discovery.resolver";
export { discoveryRoute } from "./discovery.routes";
export { DiscoveryService } from "./discovery.service";
