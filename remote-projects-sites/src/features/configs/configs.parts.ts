/**
 * What the configs feature lends another feature's screen: the project view draws both panels
 * as its config tabs (another remote mounts them through the federation's exposes instead).
 */
export { default as ConfigsPanel } from './ConfigsPanel';
export { default as ResourcePropertiesPanel } from './ResourcePropertiesPanel';
