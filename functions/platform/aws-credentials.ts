/** What a function signs its own requests with (s3-post.ts, lambda-invoke.ts): no SDK client needed. */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The function's own credentials: Lambda puts its role's session in the environment (so does the local stack). */
export function environmentCredentials(env: NodeJS.ProcessEnv = process.env): AwsCredentials {
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  return { accessKeyId, secretAccessKey, ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}) };
}

/** Where a signed request of ours goes: the region, the credentials and, locally, the emulator. */
export interface AwsTarget {
  region: string;
  credentials: AwsCredentials;
  /** AWS_ENDPOINT_URL_<SERVICE> or AWS_ENDPOINT_URL, as the SDK clients read them (the local stack); absent on AWS. */
  endpoint?: string;
}

export function awsTargetFromEnv(service: 'S3' | 'LAMBDA', env: NodeJS.ProcessEnv = process.env): AwsTarget {
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('AWS_REGION is not set');
  const endpoint = env[`AWS_ENDPOINT_URL_${service}`] ?? env.AWS_ENDPOINT_URL;
  return { region, credentials: environmentCredentials(env), ...(endpoint ? { endpoint } : {}) };
}
