/** Ten greetings, five of them the sunglasses face (accounts spec: weighted toward it); the dashboard and the profile use them. */
export const GREETING_EMOJIS = ['😎', '😎', '😎', '😎', '😎', '👋', '🚀', '🙌', '✨', '😊'] as const;

export const pickEmoji = (random: () => number = Math.random) => GREETING_EMOJIS[Math.floor(random() * GREETING_EMOJIS.length)]!;
