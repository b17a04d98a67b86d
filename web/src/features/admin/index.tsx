import { PlaceholderPage } from '../../ui/placeholder-page';

// Admin screens share one lazy chunk; each is a placeholder until its issue lands.
export const UsersPage = () => <PlaceholderPage />;
export const CompaniesPage = () => <PlaceholderPage />;
export const EditPage = () => <PlaceholderPage />;
export const TranslationsPage = () => <PlaceholderPage />;
export const IntegrationStatusPage = () => <PlaceholderPage />;
export const DefaultCollectorsPage = () => <PlaceholderPage />;
