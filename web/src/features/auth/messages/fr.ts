import type { en } from './en';

/** Zone application d’authentification : les mêmes ids qu’en anglais. */
export const fr: Record<keyof typeof en, string> = {
  'mfaSetup.intro.required': 'Les administrateurs se connectent avec leur mot de passe et un code d’application d’authentification. Configurez-en une maintenant pour continuer.',
  'mfaSetup.intro.optional': 'Ajoutez à votre mot de passe le code d’une application d’authentification : votre mot de passe seul ne suffira plus pour se connecter à votre place. Configurer une nouvelle application remplace la précédente.',
  'mfaSetup.start': 'Configurer une application d’authentification',
  'mfaSetup.step1': 'Installez une application d’authentification sur votre téléphone (Google Authenticator, Microsoft Authenticator, 1Password…).',
  'mfaSetup.step2': 'Scannez ce QR code avec l’application, ou saisissez la clé.',
  'mfaSetup.qrAlt': 'QR code de votre clé d’authentification',
  'mfaSetup.key': 'Clé :',
  'mfaSetup.step3': 'Saisissez le code à 6 chiffres affiché par l’application.',
  'mfaSetup.submit': 'Activer',
  'mfaSetup.done': 'Votre application d’authentification est activée. Désormais, la connexion demande son code.',
  'mfaSetup.continue': 'Continuer',
  'mfaRemove.title': "Retirer l’application d’authentification",
  'mfaRemove.intro': "La connexion ne demandera plus que votre mot de passe. Saisissez votre mot de passe et un code actuel de l’application ; vous recevrez un e-mail.",
  'mfaRemove.submit': "Retirer l’application",
  'mfaRemove.done': "Votre application d’authentification est retirée : la connexion ne demande plus que votre mot de passe.",
};
