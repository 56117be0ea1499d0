export const en = {
  app: { name: 'Cardroom', tagline: 'Card games with friends or bots, in any browser.' },
  common: { back: 'Back', loading: 'Loading…', cancel: 'Cancel', ok: 'OK' },
};
