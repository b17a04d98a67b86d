// The /company/api-tokens page and its area catalogue (one lazy chunk).
export { ApiTokensPage } from './api-tokens-page';
export { area } from './area';
