// The /data-health page and its area catalogue (one lazy chunk).
export { DataHealthPage } from './data-health-page';
export { area } from './area';
