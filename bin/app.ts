/** CDK entry: `cdk synth -c stage=dev` (default dev). See docs/deploy.md. */
import { App } from 'aws-cdk-lib';
import { loadConfig } from '../lib/config';
import { createPortal, portalAppContext } from '../lib/portal';

const app = new App({ context: portalAppContext });
createPortal(app, loadConfig(app.node));
app.synth();
