/**
 * The names of Kazakhstan's public holidays (CONTRACT.md §21) in the three languages of the pages:
 * Russian as the contract's `name` gives it, Kazakh as the Labour Code names them, and English.
 */
export interface HolidayNames {
  ru: string;
  kk: string;
  en: string;
}

export const HOLIDAY_NAMES = {
  newYear: { ru: 'Новый год', kk: 'Жаңа жыл', en: 'New Year' },
  orthodoxChristmas: { ru: 'Рождество', kk: 'Православиелік Рождество', en: 'Orthodox Christmas' },
  womensDay: { ru: 'Международный женский день', kk: 'Халықаралық әйелдер күні', en: "International Women's Day" },
  nauryz: { ru: 'Наурыз мейрамы', kk: 'Наурыз мейрамы', en: 'Nauryz' },
  unityDay: {
    ru: 'Праздник единства народа Казахстана',
    kk: 'Қазақстан халқының бірлігі мерекесі',
    en: "Kazakhstan People's Unity Day",
  },
  defenderDay: { ru: 'День защитника Отечества', kk: 'Отан қорғаушы күні', en: 'Defender of the Fatherland Day' },
  victoryDay: { ru: 'День Победы', kk: 'Жеңіс күні', en: 'Victory Day' },
  capitalDay: { ru: 'День столицы', kk: 'Астана күні', en: 'Capital Day' },
  constitutionDay: { ru: 'День Конституции', kk: 'Конституция күні', en: 'Constitution Day' },
  republicDay: { ru: 'День Республики', kk: 'Республика күні', en: 'Republic Day' },
  independenceDay: { ru: 'День Независимости', kk: 'Тәуелсіздік күні', en: 'Independence Day' },
  kurbanAit: { ru: 'Курбан айт', kk: 'Құрбан айт', en: 'Kurban Ait' },
} as const satisfies Record<string, HolidayNames>;

export type HolidayKey = keyof typeof HOLIDAY_NAMES;
