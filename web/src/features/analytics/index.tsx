// Analytics step pages share one lazy chunk; charts (nivo) will be lazy-loaded inside them, never from here.
export { AnalyticsPage } from './analytics-page';
export { AnalyticsAccessPage } from './analytics-access-page';
export { CustomDimensionPage } from './custom-dimension-page';
export { area } from './area';
