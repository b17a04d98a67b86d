import { PlaceholderPage } from '../../ui/placeholder-page';

// Analytics step pages; charts (nivo) will be lazy-loaded inside them, never from here.
export const AnalyticsPage = () => <PlaceholderPage />;
export const AnalyticsAccessPage = () => <PlaceholderPage />;
export const CustomDimensionPage = () => <PlaceholderPage />;
