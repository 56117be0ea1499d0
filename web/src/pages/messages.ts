/** The not-found page's words, in English and Arabic: they load with that page, not the first screen. */
export const NOT_FOUND_MESSAGES = {
  en: {
    notFound: { title: 'Nothing here', text: 'That page does not exist: the link may be mistyped or out of date.', home: 'Back to Cardroom', card: 'A face-down card' },
  },
  ar: {
    notFound: { title: 'لا شيء هنا', text: 'هذه الصفحة غير موجودة: ربما الرابط غير صحيح أو قديم.', home: 'العودة إلى كاردروم', card: 'ورقة مقلوبة' },
  },
};
