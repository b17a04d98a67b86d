// The order / lead feed page, its warning fix pages and the area catalogue (one lazy chunk; charts and the engine's worker load lazily inside the page).
export { default as OrderFeedPage } from './order-feed-page';
export { default as FeedWarningPage } from './feed-warning-page';
export { area } from './area';
