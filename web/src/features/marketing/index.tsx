import { PlaceholderPage } from '../../ui/placeholder-page';

export const SourcesPage = () => <PlaceholderPage />;
export const CollectorPage = () => <PlaceholderPage />;
export const UtmManagementPage = () => <PlaceholderPage />;
export const CommissionsPage = () => <PlaceholderPage />;
