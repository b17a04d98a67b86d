/** The authenticator area (/mfa-setup): English, the reference for this area's ids; fr.ts and ru.ts hold the same ids. */
export const en = {
  'mfaSetup.intro.required': 'Administrators sign in with a code from an authenticator app as well as their password. Set one up now to continue.',
  'mfaSetup.intro.optional': 'Add a code from an authenticator app to your password, so that your password alone is not enough to sign in as you. Setting up a new app replaces the previous one.',
  'mfaSetup.start': 'Set up an authenticator app',
  'mfaSetup.step1': 'Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).',
  'mfaSetup.step2': 'Scan this QR code with the app, or type the key.',
  'mfaSetup.qrAlt': 'QR code of your authenticator key',
  'mfaSetup.key': 'Key:',
  'mfaSetup.step3': 'Enter the 6-digit code the app shows.',
  'mfaSetup.submit': 'Turn on',
  'mfaSetup.done': 'Your authenticator app is on. From now on, signing in asks for its code.',
  'mfaSetup.continue': 'Continue',
  'mfaRemove.title': "Remove the authenticator app",
  'mfaRemove.intro': "Signing in will ask for your password only. Enter your password and a current code of the app; you will get an e-mail.",
  'mfaRemove.submit': "Remove the app",
  'mfaRemove.done': "Your authenticator app is removed: signing in asks for your password only.",
} as const;

type Ids = typeof en;
declare module '../../../i18n/messages/en' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaMessageIds extends Ids {}
}
