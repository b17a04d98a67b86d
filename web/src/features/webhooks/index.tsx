// The /company/webhooks page and its area catalogue (one lazy chunk).
export { WebhooksPage } from './webhooks-page';
export { area } from './area';
