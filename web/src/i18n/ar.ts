import type { en } from './en';

export const ar: typeof en = {
  app: { name: 'كاردروم', tagline: 'ألعاب ورق مع الأصدقاء أو البوتات، في أي متصفح.' },
  common: { back: 'رجوع', loading: 'جارٍ التحميل…', cancel: 'إلغاء', ok: 'حسناً' },
};
