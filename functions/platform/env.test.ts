import { afterEach, describe, expect, it } from 'vitest';
import { env, MissingEnvError } from './env';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('env', () => {
  it('names the missing variable', () => {
    delete process.env.TABLE_NAME;
    expect(() => env.tableName).toThrow(MissingEnvError);
    expect(() => env.tableName).toThrow(/TABLE_NAME/);
  });

  it('derives the AWS issuer unless TOKEN_ISSUER is set', () => {
    delete process.env.TOKEN_ISSUER;
    process.env.AWS_REGION = 'eu-west-3';
    process.env.USER_POOL_ID = 'eu-west-3_abc';
    expect(env.tokenIssuer).toBe('https://cognito-idp.eu-west-3.amazonaws.com/eu-west-3_abc');
    process.env.TOKEN_ISSUER = 'http://127.0.0.1:9229/local_x/';
    expect(env.tokenIssuer).toBe('http://127.0.0.1:9229/local_x');
  });

  it('the daily job’s analytics quotas: the definition’s, each overridden by its variable, a bad value refused by name', () => {
    delete process.env.ANALYTICS_PROJECT_REQUESTS_PER_MINUTE;
    delete process.env.ANALYTICS_PROJECT_REQUESTS_PER_DAY;
    process.env.ANALYTICS_PROPERTY_REQUESTS_PER_HOUR = '7';
    expect(env.analyticsQuota).toEqual({ projectRequestsPerMinute: 600, projectRequestsPerDay: 45_000, propertyRequestsPerHour: 7 });
    process.env.ANALYTICS_PROJECT_REQUESTS_PER_DAY = '0';
    expect(() => env.analyticsQuota).toThrow('ANALYTICS_PROJECT_REQUESTS_PER_DAY must be a positive whole number, not 0');
    process.env.ANALYTICS_PROJECT_REQUESTS_PER_DAY = '1.5';
    expect(() => env.analyticsQuota).toThrow(/ANALYTICS_PROJECT_REQUESTS_PER_DAY/);
  });

  it('treats every stage but local and test as https', () => {
    process.env.STAGE = 'local';
    expect(env.stageIsHttps).toBe(false);
    process.env.STAGE = 'prod';
    expect(env.stageIsHttps).toBe(true);
  });
});
