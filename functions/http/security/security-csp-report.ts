import { securityCspReport } from '../../../shared/routes';
import { parseCspReports } from '../../core/security/csp-report';
import { publicHandler } from '../../pipeline/public-http';
import { logger } from '../../platform/log';

/**
 * POST /api/security/csp-report: Content-Security-Policy violations, logged as one line
 * each for the operators (a blocked script may be an injection attempt or a missing allowance).
 */
export const handler = publicHandler(securityCspReport, {
  rawBody: { contentTypes: ['application/csp-report', 'application/reports+json', 'application/json'], maxBytes: 64 * 1024 },
}).handle(({ event }) => {
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  for (const violation of parseCspReports(raw)) logger().warn('csp-violation', { ...violation });
  return { status: 204 };
});
