// The order / lead feed page and its area catalogue (one lazy chunk; charts load lazily inside the page).
export { default as OrderFeedPage } from './order-feed-page';
export { area } from './area';
