import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { env } from './env';

/**
 * The caller's network address, for throttling. On AWS the API is reached only through
 * CloudFront (origin secret), so the TCP peer API Gateway sees is a CloudFront edge: the viewer's
 * address comes in `CloudFront-Viewer-Address` ("ip:port"), which CloudFront sets itself (a
 * client cannot forge it through CloudFront). Locally the gateway's peer is the browser.
 * X-Forwarded-For is never trusted: its first entries are whatever the client sent.
 */
export function clientAddress(request: { event: APIGatewayProxyEventV2; headers: Record<string, string | undefined> }): string {
  const viewer = request.headers['cloudfront-viewer-address'];
  if (viewer && env.stageIsHttps) return viewer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return request.event.requestContext?.http?.sourceIp ?? 'unknown';
}
