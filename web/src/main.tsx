import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/pages';
import { loadWidgetTag, LOCAL_WIDGET_TAG } from './app/widget-tag';
import { applyBuildPasswordMinimum } from './lib/password-policy';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/shell.css';
import './styles/pages.css';

applyBuildPasswordMinimum();
preloadPage(window.location.pathname);
loadWidgetTag(import.meta.env.VITE_WIDGET_SCRIPT_URL?.trim() || LOCAL_WIDGET_TAG);
createRoot(document.getElementById('root')!).render(<App />);
