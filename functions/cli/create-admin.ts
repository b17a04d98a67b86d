/**
 * `npm run create-admin -- --email ada@team.com --first Ada --last Lovelace [--company "Portal Team"]`
 *
 * Creates the first administrator of a stage (docs/deploy.md, "First administrator") with the
 * AWS credentials of the shell and the stage's resources named by the environment
 * (TABLE_NAME, USER_POOL_ID, AWS_REGION: the outputs of the Data and Auth stacks; PASSWORD_MIN_LENGTH
 * when the stage's minimum is above 16). Prints the temporary password once; the administrator
 * chooses their own at the first sign-in.
 */
import { pathToFileURL } from 'node:url';
import { setPasswordMinLength } from '../../shared/schemas/password-policy';
import { createFirstAdmin } from '../core/users/create-admin';
import { env } from '../platform/env';

export const USAGE = 'usage: create-admin --email <login> --first <first name> --last <last name> [--company <name>]';

export function parseArgs(argv: readonly string[]): { login: string; firstName: string; lastName: string; companyName: string } {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const login = value('--email');
  const firstName = value('--first');
  const lastName = value('--last');
  if (!login || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(login) || !firstName || !lastName) throw new Error(USAGE);
  return { login, firstName, lastName, companyName: value('--company') ?? 'Portal Team' };
}

async function main(): Promise<void> {
  const input = parseArgs(process.argv.slice(2));
  setPasswordMinLength(env.passwordMinLength);
  const { user, company, temporaryPassword } = await createFirstAdmin(input);
  console.log(`Administrator ${user.login} created in ${company.name} (${company.id}).`);
  console.log(temporaryPassword ? `Temporary password (shown once): ${temporaryPassword}` : 'The Cognito user already existed: its password is unchanged.');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(`create-admin: ${(error as Error).message}`);
    process.exit(2);
  });
}
