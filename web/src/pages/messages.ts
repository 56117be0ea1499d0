/** Words of pages and parts that are not the home page's first screen, in English and Arabic: each loads with its own part. */

/** The not-found page's words. */
export const NOT_FOUND_MESSAGES = {
  en: {
    notFound: {
      title: 'Nothing here',
      text: 'That page does not exist: the link may be mistyped or out of date.',
      home: 'Back to Cardroom',
      card: 'A face-down card',
    },
  },
  ar: {
    notFound: { title: 'لا شيء هنا', text: 'هذه الصفحة غير موجودة: ربما الرابط غير صحيح أو قديم.', home: 'العودة إلى كاردروم', card: 'ورقة مقلوبة' },
  },
};

/** The home page's refusals when a room cannot be created (loaded with ./create-room.ts, when Create is pressed). */
export const CREATE_ROOM_MESSAGES = {
  en: {
    home: {
      networkError: "Couldn't reach Cardroom. Check your connection and try again.",
      tooManyRooms: "You've opened a lot of rooms in the last minute (the limit is {limit} a minute). Wait a moment, then try again.",
    },
  },
  ar: {
    home: {
      networkError: 'تعذّر الوصول إلى كاردروم. تحقّق من اتصالك وحاول مجدداً.',
      tooManyRooms: 'أنشأت غرفاً كثيرة في الدقيقة الأخيرة (الحد {limit} غرف في الدقيقة). انتظر قليلاً ثم حاول مجدداً.',
    },
  },
};
